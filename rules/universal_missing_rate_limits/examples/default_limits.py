# Default limits on the limiter and its middleware cover every route, decorated or not.
from fastapi import FastAPI, Request
from langchain_openai import ChatOpenAI
from slowapi import Limiter
from slowapi.middleware import SlowAPIMiddleware
from slowapi.util import get_remote_address

limiter = Limiter(key_func=get_remote_address, default_limits=["20/minute"])
app = FastAPI()
app.state.limiter = limiter
app.add_middleware(SlowAPIMiddleware)
chat_model = ChatOpenAI(model="gpt-4o-mini")


@app.post("/explain")
async def explain(request: Request):
    data = await request.json()
    # ok: universal_missing_rate_limits
    return {"text": (await chat_model.ainvoke(data["topic"])).content}
