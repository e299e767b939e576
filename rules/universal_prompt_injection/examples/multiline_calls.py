# Multi-line calls: a flow finding is reported on the line of the argument (or the system
# message's content) that carries the data, not on the call's first line.
import anthropic
from crewai import Agent
from fastapi import FastAPI, Request
from openai import OpenAI
from pydantic import BaseModel

api = FastAPI()
oai = OpenAI()
claude = anthropic.Anthropic()


class Profile(BaseModel):
    about: str
    subject: str


@api.post("/ghostwriter")
def ghostwriter(profile: Profile):
    return Agent(
        role="Copywriter",
        goal="Draft a newsletter",
        # ruleid: universal_prompt_injection
        backstory=f"You draft newsletters for this customer: {profile.about}",
    )


@api.post("/ghostwriter-fixed")
def ghostwriter_fixed(profile: Profile):
    return Agent(
        role="Copywriter",
        goal="Draft a newsletter",
        # ok: universal_prompt_injection
        backstory="You draft newsletters in a friendly, concise voice.",
    )


@api.post("/review")
async def review(request: Request):
    payload = await request.json()
    return claude.messages.create(
        model="claude-3-5-haiku-latest",
        max_tokens=512,
        # ruleid: universal_prompt_injection
        system="You are a code reviewer. Extra rules: " + payload["rules"],
        messages=[{"role": "user", "content": payload["diff"]}],
    )


@api.post("/tone")
async def tone(request: Request):
    payload = await request.json()
    tone_hint = payload.get("tone", "formal")
    return oai.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ruleid: universal_prompt_injection
            {"role": "system", "content": "Answer in this tone: " + tone_hint},
            # ok: universal_prompt_injection
            {"role": "user", "content": payload["question"]},
        ],
    )


@api.post("/tone-fixed")
async def tone_fixed(request: Request):
    payload = await request.json()
    return oai.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ok: universal_prompt_injection
            {"role": "system", "content": "Answer in a formal tone."},
            {"role": "user", "content": payload["question"]},
        ],
    )


@api.post("/one-line")
async def one_line(request: Request):
    payload = await request.json()
    # ruleid: universal_prompt_injection
    return oai.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "system", "content": payload["persona"]}])
