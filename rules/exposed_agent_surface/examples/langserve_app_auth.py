# LangServe routes on an app that authenticates every request (app-wide dependencies)
import os
import secrets

from fastapi import Depends, FastAPI, Header, HTTPException
from langserve import add_routes

from .chain import research_agent


def require_key(x_api_key: str = Header(...)):
    if not secrets.compare_digest(x_api_key, os.environ["SERVICE_KEY"]):
        raise HTTPException(status_code=401)


app = FastAPI(title="Research agent", dependencies=[Depends(require_key)])

# ok: exposed_agent_surface
add_routes(app, research_agent, path="/research")
