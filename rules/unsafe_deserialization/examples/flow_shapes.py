import base64
import json
import pickle as pk

import dill
import redis
import requests
import yaml
from flask import Flask, request
from mcp.server.fastmcp import FastMCP

app = Flask(__name__)
mcp = FastMCP("state")
cache = redis.Redis(host="cache", port=6379)


def decode_blob(blob):
    return base64.b64decode(blob)


@app.route("/session", methods=["POST"])
def restore():
    envelope = {"state": request.form["state"], "version": 2}
    # ruleid: unsafe_deserialization
    return str(pk.loads(decode_blob(envelope["state"])))


@mcp.tool()
def load_checkpoint(url: str) -> str:
    """Load a shared agent checkpoint."""
    body = requests.get(url, timeout=30).content
    # ruleid: unsafe_deserialization
    agent_state = dill.loads(body)
    return repr(agent_state)


def cached_plan(key: str):
    raw = cache.get(key)
    # ruleid: unsafe_deserialization
    return pk.loads(raw)


@app.route("/config", methods=["POST"])
def upload_config():
    text = request.get_data(as_text=True)
    # ruleid: unsafe_deserialization
    return yaml.load(text, Loader=yaml.FullLoader)


@app.route("/config-safe", methods=["POST"])
def upload_config_safe():
    text = request.get_data(as_text=True)
    # ok: unsafe_deserialization
    settings = yaml.load(text, Loader=yaml.SafeLoader)
    # ok: unsafe_deserialization
    other = yaml.safe_load(text)
    # ok: unsafe_deserialization
    state = json.loads(request.form["state"])
    return {"a": settings, "b": other, "c": state}


def bundled_defaults():
    with open("defaults.yaml") as fh:
        # ok: unsafe_deserialization
        return yaml.load(fh, yaml.SafeLoader)
