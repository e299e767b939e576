# v1 routes mounted on FastAPI; where it listens comes from the environment.
import os

import uvicorn
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.routes import add_a2a_routes_to_fastapi, create_agent_card_routes, create_jsonrpc_routes
from a2a.server.tasks import InMemoryTaskStore
from fastapi import FastAPI

from agent import build_card, ResearchExecutor


def make_app() -> FastAPI:
    card = build_card()
    handler = DefaultRequestHandler(agent_executor=ResearchExecutor(), task_store=InMemoryTaskStore(), agent_card=card)
    app = FastAPI(title="research-agent")
    add_a2a_routes_to_fastapi(
        app,
        # ruleid: exposed_agent_surface[a2a_no_auth]
        agent_card_routes=create_agent_card_routes(agent_card=card),
        jsonrpc_routes=create_jsonrpc_routes(request_handler=handler, rpc_url="/a2a"),
    )
    return app


if __name__ == "__main__":
    uvicorn.run(make_app(), host=os.environ.get("HOST", "0.0.0.0"), port=int(os.environ.get("PORT", "8080")))
