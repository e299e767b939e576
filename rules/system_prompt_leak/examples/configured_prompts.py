import logging
import os
from pathlib import Path

from fastapi import FastAPI
from openai import OpenAI

app = FastAPI()
client = OpenAI()
log = logging.getLogger("assistant")
MODEL = os.environ.get("OPENAI_MODEL", "gpt-4o-mini")
FALLBACK_MODEL = "gpt-4o-mini"


def load_prompt():
    with open("prompts/underwriting.txt") as fh:
        return fh.read()


def assess(application_text):
    sys_prompt = load_prompt()
    # ruleid: system_prompt_leak[prompt_logged]
    log.info("Calling model with system prompt: %s", sys_prompt)
    # ok: system_prompt_leak
    log.info("Calling model %s", MODEL)
    r = client.chat.completions.create(
        model=MODEL,
        messages=[{"role": "system", "content": sys_prompt}, {"role": "user", "content": application_text}],
    )
    return r.choices[0].message.content


@app.get("/debug/prompt")
def debug_prompt():
    instructions = os.environ["ASSISTANT_INSTRUCTIONS"]
    client.responses.create(model=MODEL, instructions=instructions, input="ping")
    # ruleid: system_prompt_leak[prompt_returned]
    return {"instructions": instructions}


@app.get("/debug/model")
def debug_model():
    temperature = float(os.environ.get("TEMPERATURE", "0.2"))
    client.responses.create(model=MODEL, temperature=temperature, input="ping")
    # ok: system_prompt_leak
    return {"model": MODEL, "temperature": temperature}


def triage(ticket: str) -> str:
    rules = Path("prompts/triage.md").read_text()
    out = client.chat.completions.create(model=MODEL, messages=[{"role": "system", "content": rules}, {"role": "user", "content": ticket}])
    # ok: system_prompt_leak
    log.info("triage done, %d prompt characters", len(rules))
    return out.choices[0].message.content


@app.get("/debug/fallback")
def debug_fallback():
    client.responses.create(model=FALLBACK_MODEL, input="ping")
    # ok: system_prompt_leak
    return {"model": FALLBACK_MODEL}
