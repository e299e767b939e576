from fastapi import APIRouter, Depends
from fastapi_limiter.depends import RateLimiter
from openai import OpenAI

client = OpenAI()
router = APIRouter()


@router.post("/chat", dependencies=[Depends(RateLimiter(times=10, seconds=60))])
def chat(prompt: str):
    # ok: universal_missing_rate_limits
    return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])


# the limiter above is a dependency of /chat only
@router.post("/draft")
def draft(prompt: str):
    # ruleid: universal_missing_rate_limits
    return client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": prompt}])
