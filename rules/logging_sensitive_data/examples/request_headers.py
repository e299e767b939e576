import logging
import os

import httpx
from flask import Flask, request

log = logging.getLogger("support_agent.http")
app = Flask(__name__)


def _trace_request(req: httpx.Request) -> None:
    # ruleid: logging_sensitive_data[secret]
    log.debug("-> %s %s headers=%s", req.method, req.url, dict(req.headers))


def _trace_response(resp: httpx.Response) -> None:
    # ok: logging_sensitive_data
    log.debug("<- %s %s", resp.status_code, resp.url)


crm = httpx.Client(
    base_url="https://crm.example.com/api",
    headers={"Authorization": f"Bearer {os.environ['CRM_TOKEN']}"},
    event_hooks={"request": [_trace_request], "response": [_trace_response]},
)


@app.post("/ask")
def ask():
    incoming = request.headers
    # ruleid: logging_sensitive_data[secret]
    log.info("ask from %s: %s", request.remote_addr, incoming)
    # ok: logging_sensitive_data
    log.info("client %s", request.headers.get("User-Agent"))
    # ok: logging_sensitive_data
    log.info("header names %s", list(request.headers.keys()))
    return crm.post("/notes", json={"text": request.get_json()["question"]}).json()


SENSITIVE = {"authorization", "cookie", "x-api-key"}


def _redact_headers(headers: httpx.Headers) -> dict:
    return {k: ("[redacted]" if k.lower() in SENSITIVE else v) for k, v in headers.items()}


def _redact_later(headers: httpx.Headers) -> dict:
    # named like a redactor, but it copies everything
    return dict(headers)


def _trace_redacted(req: httpx.Request) -> None:
    # ok: logging_sensitive_data
    log.debug("-> %s headers=%s", req.url, _redact_headers(req.headers))
    # ruleid: logging_sensitive_data[secret]
    log.debug("-> %s headers=%s", req.url, _redact_later(req.headers))


audit = httpx.Client(event_hooks={"request": [_trace_redacted]})
