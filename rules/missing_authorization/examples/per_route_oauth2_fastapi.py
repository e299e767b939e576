import jwt
from fastapi import Depends, FastAPI
from fastapi.security import OAuth2PasswordBearer

from .agents import agent

app = FastAPI()
bearer = OAuth2PasswordBearer(tokenUrl="token")


async def whoami(token: str = Depends(bearer)):
    return jwt.decode(token, "key", algorithms=["HS256"])


@app.post("/me/ask")
async def ask(q: str, caller=Depends(whoami)):
    # ok: missing_authorization
    return await agent.ainvoke({"input": q})


# the security scheme above guards the routes that depend on it, not this one
@app.post("/ask")
async def open_ask(q: str):
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return await agent.ainvoke({"input": q})
