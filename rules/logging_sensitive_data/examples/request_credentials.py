# Credentials a request carries (an Authorization header, a password field, an API-key header) and
# secrets a settings object holds are secrets too: they must not reach the log.
import json
import logging

from fastapi import FastAPI, Header
from flask import Flask, request
from pydantic_settings import BaseSettings

from .accounts import create_account

log = logging.getLogger("gateway")
web = Flask(__name__)
api = FastAPI()


class AppConfig(BaseSettings):
    openai_api_key: str
    request_timeout: int = 30
    max_tokens: int = 1024


config = AppConfig()


@web.post("/signin")
def signin():
    user = request.form["user"]
    secret_word = request.form["passwd"]
    # ruleid: logging_sensitive_data[secret]
    log.info("sign-in %s with %s", user, secret_word)
    # ok: logging_sensitive_data
    log.info("sign-in attempt for %s", user)
    return "ok"


@web.get("/proxy")
def proxy():
    bearer = request.headers.get("Authorization")
    # ruleid: logging_sensitive_data[secret]
    print("forwarding", bearer)
    # ok: logging_sensitive_data
    print("forwarding with a bearer:", bearer is not None)
    # ok: logging_sensitive_data
    print("user agent", request.headers.get("User-Agent"))
    return "ok"


@web.post("/complete")
def complete():
    body = request.get_json()
    # ok: logging_sensitive_data
    log.info("max_tokens=%s token_count=%s", body["max_tokens"], body["token_count"])
    # ruleid: logging_sensitive_data[secret]
    log.debug("client key %s", body["api_key"])
    return "ok"


@api.get("/models")
def models(x_api_key: str = Header(...), user_agent: str = Header("")):
    # ruleid: logging_sensitive_data[secret]
    log.warning("models listed with key %s", x_api_key)
    # ok: logging_sensitive_data
    log.warning("models listed by %s", user_agent)
    return []


def startup() -> None:
    # ruleid: logging_sensitive_data[secret]
    print("OpenAI key:", config.openai_api_key)
    # ok: logging_sensitive_data
    print("timeout:", config.request_timeout, "max tokens:", config.max_tokens)


@web.post("/signup")
def signup():
    form = request.get_json()
    # the record is logged whole, and the view reads its password: the line carries it
    # ruleid: logging_sensitive_data[secret]
    log.info("signup %s", json.dumps(form))
    create_account(form["email"], form["password"])
    # ok: logging_sensitive_data
    log.info("signup for %s", form["email"])
    return "ok"
