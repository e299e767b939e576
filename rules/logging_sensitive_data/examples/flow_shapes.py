import logging as log_mod
import os
from os import getenv as env

import anthropic

log = log_mod.getLogger("agent")
settings = {"stripe_key": os.environ.get("STRIPE_SECRET_KEY"), "region": os.environ.get("AWS_REGION")}
client = anthropic.Anthropic()


def masked(value: str) -> str:
    return value[:4] + "..."


def describe(cfg: dict) -> str:
    return f"stripe={cfg['stripe_key']}"


def boot():
    token = env("SLACK_BOT_TOKEN")
    banner = "slack token " + token
    # ruleid: logging_sensitive_data[secret]
    log.warning(banner)
    # ruleid: logging_sensitive_data[secret]
    print("config:", settings["stripe_key"])
    # ok: logging_sensitive_data
    print("region:", settings["region"])
    # ruleid: logging_sensitive_data[secret]
    log.info(describe(settings))
    # ok: logging_sensitive_data
    log.info("slack token %s", masked(token))
    # ok: logging_sensitive_data
    log.info("slack token set: %s", bool(token))


def support_reply(ticket_text: str, customer_email: str) -> str:
    system = f"You are the support agent. Use the key {os.environ['ZENDESK_API_KEY']} to look up tickets."
    question = f"Customer {customer_email} writes: {ticket_text}"
    # ruleid: logging_sensitive_data[secret]
    log.debug("system prompt: %s", system)
    # ruleid: logging_sensitive_data[prompt]
    log.debug("user prompt: %s", question)
    answer = client.messages.create(model="claude-sonnet-4-5", max_tokens=512, system=system, messages=[{"role": "user", "content": question}])
    # ok: logging_sensitive_data
    log.info("answered ticket with %d tokens", answer.usage.output_tokens)
    return answer.content[0].text
