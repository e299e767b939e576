# The same agent service behind an OAuth2 bearer dependency: every route needs a valid user.
from fastapi import Depends, FastAPI
from fastapi.security import OAuth2PasswordBearer
from pydantic import BaseModel

from .auth import decode_user
from .tools import executor

app = FastAPI()
oauth2_scheme = OAuth2PasswordBearer(tokenUrl="token")


class Ask(BaseModel):
    question: str


async def get_current_user(token: str = Depends(oauth2_scheme)):
    return decode_user(token)


@app.post("/agent")
async def run_agent(body: Ask, user=Depends(get_current_user)):
    # ok: missing_authorization
    result = await executor.ainvoke({"input": body.question, "user": user.id})
    return {"answer": result["output"]}
