# An app with no app-wide dependency and no authentication middleware: the routes are open
from fastapi import FastAPI
from langserve import add_routes

from .chain import research_agent

app = FastAPI(title="Research agent")

# ruleid: exposed_agent_surface[langserve_routes]
add_routes(app, research_agent, path="/research")
