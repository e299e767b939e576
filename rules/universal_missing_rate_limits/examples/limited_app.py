from fastapi import FastAPI, Request
from langchain_openai import ChatOpenAI
from slowapi import Limiter
from slowapi.util import get_remote_address

limiter = Limiter(key_func=get_remote_address)
app = FastAPI()
app.state.limiter = limiter
llm = ChatOpenAI(model="gpt-4o-mini", max_tokens=400)


@app.post("/ask")
@limiter.limit("10/minute")
async def ask(request: Request) -> dict:
    body = await request.json()
    # ok: universal_missing_rate_limits
    return {"answer": (await llm.ainvoke(body["question"])).content}
