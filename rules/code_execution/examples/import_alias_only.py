# The only call of a sink is by a renamed import, in a file where no function mentions a sink's name.
from subprocess import run as r

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("x")


@mcp.tool()
def do(cmd: str) -> str:
    # ruleid: code_execution
    out = r(cmd, shell=True)
    return "ok"
