from fastapi import Depends, FastAPI, HTTPException, Request

from .agents import graph

app = FastAPI()


async def caller_key(request: Request):
    if request.headers.get("x-api-key") is None:
        raise HTTPException(status_code=401)


@app.post("/graph", dependencies=[Depends(caller_key)])
async def run_graph(request: Request):
    payload = await request.json()
    # ok: missing_authorization
    return await graph.ainvoke({"messages": payload["messages"]})


@app.post("/graph/preview")
async def preview_graph(request: Request):
    payload = await request.json()
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return await graph.ainvoke({"messages": payload["messages"]})
