# The output cap read from the application's own configuration (a YAML file shipped beside the
# module), picked by a name the request gives: the request chooses which profile, not its cap.
from pathlib import Path

import yaml
from fastapi import FastAPI
from openai import OpenAI
from pydantic import BaseModel

PROFILES = yaml.safe_load(Path(__file__).with_name("profiles.yaml").read_text())
client = OpenAI()
app = FastAPI()


class Ask(BaseModel):
    profile: str = "default"
    question: str
    budget: int = 400


@app.post("/ask")
def ask(body: Ask) -> str:
    profile = PROFILES.get(body.profile) or PROFILES["default"]
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": body.question}],
        # ok: token_bombing
        max_tokens=int(profile.get("max_tokens", 400)),
    )
    return reply.choices[0].message.content or ""


@app.post("/ask-budget")
def ask_budget(body: Ask) -> str:
    reply = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "user", "content": body.question}],
        # ruleid: token_bombing
        max_tokens=body.budget,
    )
    return reply.choices[0].message.content or ""
