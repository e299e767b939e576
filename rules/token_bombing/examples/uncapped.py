import litellm
from fastapi import FastAPI, Request
from openai import OpenAI

client = OpenAI()
app = FastAPI()


def critique_forever(draft: str) -> str:
    while True:
        # ruleid: token_bombing
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": draft}])
        draft = reply.choices[0].message.content or ""
        if "LGTM" in draft:
            return draft


def critique_capped(draft: str) -> str:
    while True:
        # ok: token_bombing
        reply = client.chat.completions.create(model="gpt-4o", max_tokens=600, messages=[{"role": "user", "content": draft}])
        draft = reply.choices[0].message.content or ""
        if "LGTM" in draft:
            return draft


def critique_bounded(draft: str) -> str:
    for _ in range(5):
        # ok: token_bombing
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": draft}])
        draft = reply.choices[0].message.content or ""
    return draft


def expand(topic: str) -> str:
    # ruleid: token_bombing
    outline = litellm.completion(model="gpt-4o", messages=[{"role": "user", "content": topic}])
    text = outline.choices[0].message.content or ""
    for section in text.splitlines():
        text += expand(section)
    return text


def expand_limited(topic: str, depth: int = 0) -> str:
    # ok: token_bombing
    outline = litellm.completion(model="gpt-4o", messages=[{"role": "user", "content": topic}])
    text = outline.choices[0].message.content or ""
    if depth < 2:
        for section in text.splitlines():
            text += expand_limited(section, depth + 1)
    return text


@app.post("/complete")
async def complete(request: Request):
    body = await request.json()
    return client.chat.completions.create(
        model="gpt-4o",
        messages=body["messages"],
        # ruleid: token_bombing[request_cap]
        max_tokens=body["max_tokens"],
    )


@app.post("/complete-clamped")
async def complete_clamped(request: Request):
    body = await request.json()
    # ok: token_bombing
    return client.chat.completions.create(
        model="gpt-4o",
        messages=body["messages"],
        max_tokens=min(int(body.get("max_tokens", 256)), 1024),
    )
