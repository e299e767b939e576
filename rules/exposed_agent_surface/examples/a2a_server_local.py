# A development A2A server on loopback only (uvicorn's default host).
import uvicorn
from a2a.server.apps import A2AStarletteApplication
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.tasks import InMemoryTaskStore

from .agent import card, EchoExecutor


def main() -> None:
    handler = DefaultRequestHandler(agent_executor=EchoExecutor(), task_store=InMemoryTaskStore())
    # ok: exposed_agent_surface[a2a_no_auth]
    app = A2AStarletteApplication(agent_card=card, http_handler=handler).build()
    uvicorn.run(app, port=10001)


if __name__ == "__main__":
    main()
