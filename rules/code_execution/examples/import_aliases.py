# Sinks called by a local name that shares nothing with the sink's own name: the prefilter must
# follow the import and the module-level alias, not the words in the function.
from os import system as fire
from subprocess import check_output as grab
from subprocess import run as r

from mcp.server.fastmcp import FastMCP
import subprocess

mcp = FastMCP("ops")

kick = subprocess.Popen


@mcp.tool()
def restart(unit: str) -> str:
    # ruleid: code_execution
    fire("service " + unit + " reload")
    return "done"


@mcp.tool()
def tail(logfile: str) -> str:
    # ruleid: code_execution
    return grab(f"tail -n 50 {logfile}", shell=True, text=True)


@mcp.tool()
def spawn(job: str) -> str:
    # ruleid: code_execution
    kick(job, shell=True)
    return "started"


@mcp.tool()
def do(cmd: str) -> str:
    # ruleid: code_execution
    out = r(cmd, shell=True)
    return "ok"


@mcp.tool()
def uptime() -> str:
    # ok: code_execution
    return grab(["uptime"], text=True)
