from fastapi import Depends, FastAPI, Header, HTTPException
from pydantic import BaseModel

from .agents import agent

app = FastAPI()


class Ask(BaseModel):
    question: str


def load_member(authorization: str = Header(...)):
    if authorization != "Bearer secret":
        raise HTTPException(status_code=401)
    return authorization


@app.post("/members/ask")
async def member_ask(body: Ask, member=Depends(load_member)):
    # ok: missing_authorization
    return await agent.ainvoke({"input": body.question})


@app.post("/ask")
async def anyone_ask(body: Ask):
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return await agent.ainvoke({"input": body.question})
