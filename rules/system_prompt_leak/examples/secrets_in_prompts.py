import logging
import os
from os import getenv as env

from langchain_core.messages import SystemMessage
from langchain_core.prompts import ChatPromptTemplate
from openai import OpenAI

log = logging.getLogger("agent")
client = OpenAI(api_key=os.getenv("OPENAI_API_KEY"))
DB_PASSWORD = os.getenv("DB_PASSWORD")
REGION = os.getenv("AWS_REGION", "eu-west-1")


def sql_agent(question: str) -> str:
    system = f"You are a SQL assistant. Connect with user app and password {DB_PASSWORD}."
    # ruleid: system_prompt_leak
    reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "system", "content": system}, {"role": "user", "content": question}])
    return reply.choices[0].message.content


def billing_prompt():
    stripe = env("STRIPE_SECRET_KEY")
    # ruleid: system_prompt_leak
    return SystemMessage(content="You are a billing agent. Use the Stripe key %s for refunds." % stripe)


def ops_prompt():
    settings = {"token": os.environ.get("GITHUB_TOKEN"), "org": "acme"}
    # ruleid: system_prompt_leak
    return ChatPromptTemplate.from_messages([("system", "You are an ops agent. GitHub token: {}".format(settings["token"])), ("human", "{task}")])


def debug_prompt():
    prompt = f"You are the ops assistant. Admin password: {os.environ['ADMIN_PASSWORD']}"
    # ruleid: system_prompt_leak
    log.debug("prompt=%s", prompt)
    return prompt


DEPLOY_SETTINGS = ["STRIPE_SECRET_KEY", "DATABASE_URL", "REGION"]
PUBLIC_SETTINGS = ("REGION", "RELEASE_CHANNEL")


def deploy_debugger(question: str) -> str:
    current = {name: os.environ.get(name, "") for name in DEPLOY_SETTINGS}
    briefing = "\n".join(f"{k}={v}" for k, v in current.items())
    answer = client.chat.completions.create(
        model="gpt-4o-mini",
        # ruleid: system_prompt_leak
        messages=[{"role": "system", "content": "You debug deployments.\n" + briefing}, {"role": "user", "content": question}],
    )
    return answer.choices[0].message.content


def _warehouse_hint() -> str:
    dsn = os.environ["WAREHOUSE_DSN"]
    return f"Scripts connect with psycopg.connect({dsn!r})."


def snippet_writer(question: str) -> str:
    # ruleid: system_prompt_leak
    return ChatPromptTemplate.from_messages([("system", "You write SQL for analysts. " + _warehouse_hint()), ("human", question)])


# --- safe look-alikes -------------------------------------------------------------------------------


def release_helper(question: str) -> str:
    briefing = ", ".join(f"{name}={os.getenv(name)}" for name in PUBLIC_SETTINGS)
    answer = client.chat.completions.create(
        model="gpt-4o-mini",
        # ok: system_prompt_leak
        messages=[{"role": "system", "content": f"You answer release questions. {briefing}"}, {"role": "user", "content": question}],
    )
    return answer.choices[0].message.content



def region_prompt(question: str) -> str:
    # ok: system_prompt_leak
    reply = client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "system", "content": f"You are a cloud assistant for region {REGION}."}, {"role": "user", "content": question}],
    )
    # ok: system_prompt_leak
    log.info("answered a question in %s", REGION)
    return reply.choices[0].message.content


def keyed_client():
    # ok: system_prompt_leak
    return OpenAI(api_key=os.getenv("OPENAI_API_KEY")).chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
