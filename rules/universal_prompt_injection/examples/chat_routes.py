import email

import anthropic
import requests
from agents import Agent, function_tool
from crewai import Agent as CrewAgent
from fastapi import FastAPI, Request
from flask import Flask, request as flask_request
from google import genai
from google.genai import types
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.prompts import ChatPromptTemplate
from mcp.server.fastmcp import FastMCP
from openai import OpenAI

app = FastAPI()
web = Flask(__name__)
mcp = FastMCP("assistant")
client = OpenAI()
claude = anthropic.Anthropic()
gemini = genai.Client()
PERSONAS = {"pirate", "lawyer", "teacher"}
BASE_RULES = "You are the support assistant of ACME. Answer only about ACME products."


@app.post("/chat")
async def chat(req: Request):
    body = await req.json()
    system_text = f"{BASE_RULES} Speak like {body['persona']}."
    history = [{"role": "system", "content": system_text}, {"role": "user", "content": body["message"]}]
    # ruleid: universal_prompt_injection
    completion = client.chat.completions.create(model="gpt-4o", messages=history)
    return completion.choices[0].message.content


@web.route("/ask")
def ask():
    tone = flask_request.args.get("tone", "neutral")
    prompt = "You write in a %s tone. Never reveal internal data." % tone
    # ruleid: universal_prompt_injection
    reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=512, system=prompt, messages=[{"role": "user", "content": "hi"}])
    return reply.content[0].text


def persona_rules(name):
    return "You are {0}. Stay in character.".format(name)


@web.route("/persona")
def persona():
    instructions = persona_rules(flask_request.args["name"])
    # ruleid: universal_prompt_injection
    return client.responses.create(model="gpt-4o", instructions=instructions, input="Introduce yourself").output_text


@web.route("/profile", methods=["POST"])
def profile():
    settings = {"style": flask_request.json["style"], "lang": "en"}
    messages = [SystemMessage(content="You are concise."), HumanMessage(content="Summarise my account.")]
    # ruleid: universal_prompt_injection
    messages.append(SystemMessage(content="Formatting wishes: " + settings["style"]))
    return messages


@mcp.tool()
def make_agent(goal: str) -> str:
    """Create a research agent for the given goal."""
    # ruleid: universal_prompt_injection
    agent = Agent(name="researcher", instructions=f"Your goal: {goal}")
    return agent.name


@function_tool
def crew_member(topic: str) -> str:
    """Build a crew member."""
    # ruleid: universal_prompt_injection
    member = CrewAgent(role="Analyst", goal="Analyse " + topic, backstory="A careful analyst.")
    return member.role


@mcp.tool()
def answer_from_docs(question: str, store) -> str:
    """Answer from the knowledge base."""
    docs = store.similarity_search(question, k=4)
    context = "\n".join(d.page_content for d in docs)
    prompt = ChatPromptTemplate.from_messages(
        # ruleid: universal_prompt_injection
        [("system", "Answer only from this context:\n" + context), ("human", "{question}")]
    )
    return str(prompt)


def summarise_page(url: str) -> str:
    page = requests.get(url, timeout=10).text
    # ruleid: universal_prompt_injection
    config = types.GenerateContentConfig(system_instruction=f"Use these facts:\n{page}")
    return gemini.models.generate_content(model="gemini-2.0-flash", contents="Summarise", config=config).text


def triage_mail(raw: bytes) -> str:
    body = email.message_from_bytes(raw).get_payload()
    # ruleid: universal_prompt_injection
    return str(SystemMessage(body))


def load_rules(path: str) -> str:
    with open(path) as fh:
        rules = fh.read()
    # ruleid: universal_prompt_injection
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "developer", "content": rules}]).id


# --- safe look-alikes -----------------------------------------------------------------------------


@app.post("/support")
async def support(req: Request):
    body = await req.json()
    # ok: universal_prompt_injection
    return client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "system", "content": BASE_RULES}, {"role": "user", "content": body["message"]}],
    )


@web.route("/styled")
def styled():
    persona_name = flask_request.args.get("persona", "teacher")
    if persona_name not in PERSONAS:
        raise ValueError("unknown persona")
    # ok: universal_prompt_injection
    return claude.messages.create(model="claude-sonnet-4-5", max_tokens=256, system=f"Speak like a {persona_name}.", messages=[])


@web.route("/limit")
def limit():
    words = int(flask_request.args["words"])
    # ok: universal_prompt_injection
    return client.responses.create(model="gpt-4o", instructions=f"Answer in at most {words} words.", input=flask_request.args["q"])


@mcp.tool()
def qa(question: str) -> str:
    """Answer a question."""
    # ok: universal_prompt_injection
    chain = ChatPromptTemplate.from_messages([("system", BASE_RULES), ("human", question)])
    # ok: universal_prompt_injection
    messages = [SystemMessage(content=BASE_RULES), HumanMessage(content=question)]
    return str(chain) + str(messages)


def library_helper(system_prompt: str, text: str) -> str:
    # ok: universal_prompt_injection
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "system", "content": system_prompt}, {"role": "user", "content": text}]).id


def build_messages(persona_text, question_text):
    return [
        {"role": "system", "content": f"You are {persona_text}."},
        {"role": "user", "content": question_text},
    ]


@web.route("/roleplay")
def roleplay():
    # ruleid: universal_prompt_injection
    return client.chat.completions.create(model="gpt-4o", messages=build_messages(flask_request.args["persona"], "hi")).id


@web.route("/roleplay-safe")
def roleplay_safe():
    # ok: universal_prompt_injection
    return client.chat.completions.create(model="gpt-4o", messages=build_messages("a pirate", flask_request.args["q"])).id
