import hmac
import os
import secrets as tokens

from fastapi import Depends, FastAPI, Header, HTTPException, Request, Security
from fastapi.security import APIKeyHeader
from flask import Flask, abort, request as flask_request
from mcp.server.fastmcp import FastMCP

from .config import settings

app = FastAPI()
web = Flask(__name__)
mcp = FastMCP("ops")

SERVICE_KEY = os.environ["SERVICE_API_KEY"]
EXPECTED_TOKEN = "4f9c2e71-ops-admin"
MODE = os.environ.get("MODE", "dev")


@app.post("/hooks/deploy")
async def deploy_hook(request: Request) -> dict:
    presented = request.headers.get("x-api-key", "")
    # ruleid: insecure_credential_handling[timing]
    if presented != SERVICE_KEY:
        raise HTTPException(status_code=401)
    return {"ok": True}


@app.post("/hooks/github")
async def github_hook(request: Request) -> dict:
    # ruleid: insecure_credential_handling[timing]
    if request.headers.get("x-hub-token") != settings.webhook_secret:
        raise HTTPException(status_code=401)
    return {"ok": True}


@web.route("/admin", methods=["POST"])
def admin():
    auth = flask_request.headers.get("Authorization", "")
    # ruleid: insecure_credential_handling[timing]
    if auth == f"Bearer {os.getenv('ADMIN_TOKEN')}":
        return "welcome"
    abort(403)


def key_matches(candidate: str) -> bool:
    # ruleid: insecure_credential_handling[timing]
    return candidate == os.environ.get("INTERNAL_API_KEY")


@app.get("/reports")
async def reports(request: Request) -> list:
    if not key_matches(request.query_params.get("key", "")):
        raise HTTPException(status_code=403)
    return []


@mcp.tool()
def rotate_keys(admin_token: str) -> str:
    """Rotate the service keys (admin only)."""
    # ruleid: insecure_credential_handling[timing]
    if admin_token != EXPECTED_TOKEN:
        return "denied"
    return "rotated"


@app.post("/hooks/safe")
async def safe_hook(request: Request) -> dict:
    presented = request.headers.get("x-api-key", "")
    # ok: insecure_credential_handling
    if not hmac.compare_digest(presented.encode(), SERVICE_KEY.encode()):
        raise HTTPException(status_code=401)
    return {"ok": True}


@app.post("/hooks/safe2")
async def safe_hook_secrets(x_api_key: str = Header(default="")) -> dict:
    # ok: insecure_credential_handling
    if not tokens.compare_digest(x_api_key, settings.webhook_secret):
        raise HTTPException(status_code=401)
    return {"ok": True}


@app.get("/mode")
async def mode(request: Request) -> dict:
    role = request.headers.get("x-role", "")
    # ok: insecure_credential_handling
    if role == "admin" and MODE == "prod":
        return {"mode": MODE}
    # ok: insecure_credential_handling
    if os.environ["MODE"] == "prod":
        return {"mode": "prod"}
    return {}


@app.get("/configured")
async def configured() -> dict:
    # ok: insecure_credential_handling
    if not SERVICE_KEY or SERVICE_KEY == "changeme":
        raise HTTPException(status_code=500)
    return {"ok": True}


class KeyStore:
    def __init__(self) -> None:
        self.admin_password = os.environ["ADMIN_PASSWORD"]

    def check(self, presented: str) -> bool:
        # the field set in __init__ is followed into this method, and `store.check` reaches it
        # ruleid: insecure_credential_handling[timing]
        return presented == self.admin_password


store = KeyStore()


@app.post("/login")
async def login(request: Request) -> dict:
    body = await request.json()
    if not store.check(body.get("password", "")):
        raise HTTPException(status_code=401)
    return {"ok": True}


@mcp.tool()
def count_tokens(text: str) -> int:
    """Count tokens against the configured budget."""
    max_tokens = int(os.environ.get("MAX_TOKENS", "512"))
    # ok: insecure_credential_handling
    return 1 if len(text.split()) == max_tokens else 0


STATIC_TOKEN = "static-demo-token-7"
STOP_TOKEN = "<|endoftext|>"


class StaticVerifier:
    async def verify_token(self, token: str) -> bool:
        # ruleid: insecure_credential_handling[timing]
        if token != STATIC_TOKEN:
            return False
        return True


@mcp.tool()
def summarize(text: str) -> str:
    """Summarize up to the stop marker."""
    for piece in text.split():
        # ok: insecure_credential_handling
        if piece == STOP_TOKEN:
            break
    return text


key_scheme = APIKeyHeader(name="X-API-Key", auto_error=False)


async def require_key(presented: str = Security(key_scheme)) -> str:
    # ruleid: insecure_credential_handling[timing]
    if presented != SERVICE_KEY:
        raise HTTPException(status_code=403)
    return presented


def require_admin(x_admin_token: str = Header(default="")) -> None:
    # ruleid: insecure_credential_handling[timing]
    if x_admin_token != settings.admin_token:
        raise HTTPException(status_code=403)


@app.get("/admin/usage", dependencies=[Depends(require_admin)])
async def usage(key: str = Depends(require_key)) -> dict:
    return {"calls": 0}
