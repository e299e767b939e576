import logging
import os

from agents import Agent
from openai import OpenAI

logger = logging.getLogger("ops-agent")
client = OpenAI()
WEBHOOK_TOKEN = os.environ["OPS_WEBHOOK_TOKEN"]
BACKUP_KEY = "sk-live-9fQ2mZx7Lp4Rt8Vb1Nc6Hd3Jk5"

OPS_PROMPT = f"""You are the operations agent.
Post alerts to the webhook with the token {WEBHOOK_TOKEN}."""

ARCHIVE_PROMPT = "You are the archive agent. Restore backups using the key " + BACKUP_KEY + "."


def start_ops(task: str):
    # ruleid: system_prompt_leak[prompt_logged]
    logger.info("starting with prompt %s", OPS_PROMPT)
    # ruleid: system_prompt_leak[secret_in_prompt]
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "system", "content": OPS_PROMPT}, {"role": "user", "content": task}])


def archive_agent() -> Agent:
    # ruleid: system_prompt_leak[prompt_logged]
    print(ARCHIVE_PROMPT)
    # ruleid: system_prompt_leak[secret_in_prompt]
    return Agent(name="archivist", instructions=ARCHIVE_PROMPT)


def db_agent() -> Agent:
    rules = "You are the reporting agent. The read replica password is Wm4!ty8Qa, user reporter."
    # ruleid: system_prompt_leak[secret_in_prompt]
    return Agent(name="reporter", instructions=rules)


# --- safe look-alikes ----------------------------------------------------------------------------

HELP_PROMPT = "You are the help desk agent. If a user forgot their password, send the reset link {link}."


def help_agent() -> Agent:
    # ok: system_prompt_leak
    return Agent(name="help", instructions=HELP_PROMPT)


def log_prompt_size():
    # ok: system_prompt_leak
    logger.info("prompt has %d characters", len(OPS_PROMPT))


def report_rejected(user: str):
    # a log line that is not a prompt is not this rule's concern, whatever it holds
    # ok: system_prompt_leak
    logger.warning("login rejected for %s: password Zz9 too short", user)
