# One route carries its own limit; the other does not: the limit covers only the route it decorates.
from fastapi import FastAPI, Request
from openai import AsyncOpenAI
from ratelimit import limits, sleep_and_retry
from slowapi import Limiter
from slowapi.util import get_remote_address

throttle = Limiter(key_func=get_remote_address)
api = FastAPI()
api.state.limiter = throttle
model = AsyncOpenAI()


@api.post("/chat")
@throttle.limit("5/minute")
async def chat(request: Request):
    payload = await request.json()
    # ok: universal_missing_rate_limits
    reply = await model.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": payload["q"]}])
    return {"reply": reply.choices[0].message.content}


@api.post("/summarise")
async def summarise(request: Request):
    payload = await request.json()
    # ruleid: universal_missing_rate_limits
    reply = await model.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "Summarise: " + payload["text"]}])
    return {"summary": reply.choices[0].message.content}


@api.get("/translate")
@sleep_and_retry
@limits(calls=30, period=60)
def translate(text: str):
    # ok: universal_missing_rate_limits
    return model.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": text}])
