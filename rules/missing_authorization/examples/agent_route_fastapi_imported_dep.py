# Authentication lives in another module; the route depends on it by name.
from agents import Agent, Runner
from fastapi import Depends, FastAPI

from app.security import get_current_user

app = FastAPI()
agent = Agent(name="support", instructions="Help the customer.")


@app.post("/run")
async def run(message: str, user=Depends(get_current_user)):
    # ok: missing_authorization
    result = await Runner.run(agent, message)
    return {"output": result.final_output}
