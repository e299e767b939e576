from fastapi import FastAPI, Request
from flask import Flask, request
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("plugins")
app = Flask(__name__)
api = FastAPI()

REVIEWED_TOOLS = {"weather": lambda city: f"sunny in {city}", "time": lambda tz: "12:00"}


@app.post("/tools")
def add_tool_from_request():
    spec = request.get_json()
    namespace: dict = {}
    exec(spec["code"], namespace)
    # ruleid: dynamic_tool_registration
    mcp.add_tool(namespace[spec["entry"]], name=spec["name"], description=spec.get("description", ""))
    return {"ok": True}


@api.post("/plugins/{plugin}")
async def enable_plugin(plugin: str, req: Request):
    body = await req.json()
    # ruleid: dynamic_tool_registration
    mcp.add_tool(lambda **kw: kw, name=body["tool_name"])
    return {"enabled": plugin}


@app.post("/tools/enable")
def enable_reviewed_tool():
    name = request.json["name"]
    if name not in REVIEWED_TOOLS:
        return {"error": "unknown tool"}, 400
    # ok: dynamic_tool_registration
    mcp.add_tool(REVIEWED_TOOLS[name], name=name)
    return {"ok": True}


def startup() -> None:
    # ok: dynamic_tool_registration
    mcp.add_tool(REVIEWED_TOOLS["weather"], name="weather")
