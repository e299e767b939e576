# The same kind of server with authentication: a middleware checks the bearer token, and the agent
# card declares the scheme.
import uvicorn
from a2a.server.apps import A2AFastAPIApplication
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import AgentCapabilities, AgentCard, HTTPAuthSecurityScheme, SecurityScheme
from starlette.middleware.base import BaseHTTPMiddleware
from starlette.responses import JSONResponse

from .executor import BillingExecutor, verify

card = AgentCard(
    name="billing",
    description="Answers billing questions",
    url="https://billing.example.com/",
    version="0.4.0",
    capabilities=AgentCapabilities(),
    default_input_modes=["text"],
    default_output_modes=["text"],
    skills=[],
    security_schemes={"bearer": SecurityScheme(root=HTTPAuthSecurityScheme(scheme="bearer"))},
    security=[{"bearer": []}],
)


class BearerCheck(BaseHTTPMiddleware):
    async def dispatch(self, request, call_next):
        if request.url.path.startswith("/.well-known/"):
            return await call_next(request)
        token = request.headers.get("Authorization", "").removeprefix("Bearer ")
        if not verify(token):
            return JSONResponse({"error": "unauthorized"}, status_code=401)
        return await call_next(request)


handler = DefaultRequestHandler(agent_executor=BillingExecutor(), task_store=InMemoryTaskStore())
# ok: exposed_agent_surface[a2a_no_auth]
app = A2AFastAPIApplication(agent_card=card, http_handler=handler).build()
app.add_middleware(BearerCheck)

if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=8443)
