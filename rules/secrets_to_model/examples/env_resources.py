# An MCP resource is read into the model's context: a resource that dumps the environment hands the
# model every secret of the server process.
import os
import platform

from mcp.server.fastmcp import FastMCP

ops = FastMCP("ops")


@ops.resource("debug://environment")
def environment() -> dict:
    # ruleid: secrets_to_model[whole_environment]
    return dict(os.environ)


@ops.resource("debug://platform")
def platform_info() -> str:
    # ok: secrets_to_model[whole_environment]
    return platform.platform()
