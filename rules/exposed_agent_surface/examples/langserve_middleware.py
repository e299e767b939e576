# LangServe routes behind Starlette's authentication middleware; a second app in another file is not seen
from fastapi import FastAPI
from langserve import add_routes
from starlette.middleware.authentication import AuthenticationMiddleware

from .auth import BearerBackend
from .chain import research_agent

app = FastAPI()
app.add_middleware(AuthenticationMiddleware, backend=BearerBackend())

# ok: exposed_agent_surface
add_routes(app, research_agent, path="/research")
