# An allow-list check of an attribute (`body.persona not in PERSONAS`) holds for later reads of it.
from fastapi import FastAPI
from openai import OpenAI
from pydantic import BaseModel

app = FastAPI()
client = OpenAI()
PERSONAS = {"pirate", "butler"}


class Ask(BaseModel):
    persona: str
    text: str


@app.post("/ask")
def ask(body: Ask):
    if body.persona not in PERSONAS:
        return {"error": "unknown persona"}
    resp = client.chat.completions.create(
        model="gpt-4o",
        messages=[
            # ok: universal_prompt_injection
            {"role": "system", "content": f"You are a {body.persona}."},
            {"role": "user", "content": body.text},
        ],
    )
    return {"reply": resp.choices[0].message.content}


@app.post("/ask/open")
def ask_open(body: Ask):
    resp = client.chat.completions.create(
        model="gpt-4o",
        messages=[
            # ruleid: universal_prompt_injection
            {"role": "system", "content": f"You are a {body.persona}."},
            {"role": "user", "content": body.text},
        ],
    )
    return {"reply": resp.choices[0].message.content}
