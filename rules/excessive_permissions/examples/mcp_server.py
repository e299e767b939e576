import os
import shlex
import subprocess
import subprocess as sp

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")
ALLOWED_PROGRAMS = {"git", "ls", "df"}


@mcp.tool()
def run_command(command: str) -> str:
    # ruleid: excessive_permissions
    return subprocess.run(command.split(), capture_output=True, text=True).stdout


@mcp.tool()
def shell(script: str) -> str:
    """Run a shell snippet."""
    # ruleid: excessive_permissions
    return sp.check_output(["bash", "-c", script], text=True)


@mcp.tool()
def terminal(line: str) -> int:
    # ruleid: excessive_permissions
    return os.system(line)


@mcp.tool()
def git_status() -> str:
    # ok: excessive_permissions
    return subprocess.run(["git", "status", "--short"], capture_output=True, text=True).stdout


@mcp.tool()
def git_log(branch: str) -> str:
    # ok: excessive_permissions
    return subprocess.run(["git", "log", "--oneline", branch], capture_output=True, text=True).stdout


@mcp.tool()
def run_allowed(program: str, args: str) -> str:
    if program not in ALLOWED_PROGRAMS:
        return "not allowed"
    # ok: excessive_permissions
    return subprocess.run([program, *shlex.split(args)], capture_output=True, text=True).stdout
