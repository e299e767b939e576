import subprocess

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")


# ruleid: excessive_permissions
@mcp.tool()
def run_command(command: str) -> str:
    return subprocess.run(command.split(), capture_output=True, text=True).stdout


# ok: excessive_permissions
@mcp.tool()
def git_status() -> str:
    return subprocess.run(["git", "status", "--short"], capture_output=True, text=True).stdout
