# A helper returning its argument only when an allow-list admits it gives callers an allowed value.
from fastapi import FastAPI
from pydantic import BaseModel
from openai import OpenAI

app = FastAPI()
client = OpenAI()
PERSONAS = {"tutor", "coach", "critic"}


class Ask(BaseModel):
    persona: str
    question: str


def persona_of(raw: str) -> str:
    return raw if raw in PERSONAS else "tutor"


def persona_unchecked(raw: str) -> str:
    return raw or "tutor"


@app.post("/ask")
def ask(body: Ask):
    persona = persona_of(body.persona)
    out = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ok: universal_prompt_injection
            {"role": "system", "content": f"You are a {persona}."},
            {"role": "user", "content": body.question},
        ],
    )
    return {"answer": out.choices[0].message.content}


@app.post("/ask/open")
def ask_open(body: Ask):
    persona = persona_unchecked(body.persona)
    out = client.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ruleid: universal_prompt_injection
            {"role": "system", "content": f"You are a {persona}."},
            {"role": "user", "content": body.question},
        ],
    )
    return {"answer": out.choices[0].message.content}
