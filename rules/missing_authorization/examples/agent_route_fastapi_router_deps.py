# An API-key dependency applied to the whole router.
from agents import Agent, Runner
from fastapi import APIRouter, Depends, FastAPI

from .keys import check_key

router = APIRouter(dependencies=[Depends(check_key)])
agent = Agent(name="ops", instructions="Answer operations questions.")


@router.post("/ask")
async def ask(q: str):
    # ok: missing_authorization
    result = await Runner.run(agent, q)
    return {"answer": result.final_output}


app = FastAPI()
app.include_router(router)
