import asyncio
import os

from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")


@tool
def launch(program: str, script: str) -> int:
    """Start a program on the host."""
    # ruleid: code_execution[program]
    os.spawnlp(os.P_WAIT, program, program)
    # ruleid: code_execution[program]
    os.spawnve(os.P_NOWAIT, program, [program, "--verbose"], os.environ)
    # ruleid: code_execution[shell]
    os.spawnl(os.P_WAIT, "/bin/sh", "sh", "-c", script)
    # ruleid: code_execution[shell]
    os.spawnv(os.P_WAIT, "/bin/bash", ["bash", "-c", script])
    # ok: code_execution
    os.spawnlp(os.P_WAIT, "uptime", "uptime")
    # ok: code_execution
    os.spawnv(os.P_WAIT, "/usr/bin/git", ["git", "log", "--oneline", script])
    # ruleid: code_execution[program]
    return os.posix_spawn(program, [program], os.environ)


@mcp.tool()
def replace_process(code: str) -> None:
    # ruleid: code_execution[shell]
    os.execl("/bin/sh", "sh", "-c", code)


@mcp.tool()
def replace_process_argv(code: str) -> None:
    # ruleid: code_execution[shell]
    os.execve("/usr/bin/python3", ["python3", "-c", code], os.environ)


@mcp.tool()
async def loop_shell(line: str, binary: str) -> str:
    loop = asyncio.get_running_loop()
    # ruleid: code_execution[shell]
    await loop.subprocess_shell(asyncio.SubprocessProtocol, line)
    # ruleid: code_execution[program]
    await loop.subprocess_exec(asyncio.SubprocessProtocol, binary, "--help")
    # ok: code_execution
    await loop.subprocess_exec(asyncio.SubprocessProtocol, "ls", "-la", line)
    # ruleid: code_execution[shell]
    proc = await asyncio.subprocess.create_subprocess_shell(line)
    # ok: code_execution
    await asyncio.subprocess.create_subprocess_exec("grep", "-r", line, "/srv/logs")
    return str(await proc.wait())


@mcp.tool()
def env_shell(line: str) -> str:
    import subprocess

    # ruleid: code_execution[shell]
    out = subprocess.run(["/usr/bin/env", "bash", "-c", line], capture_output=True, text=True)
    # ok: code_execution
    subprocess.run(["/usr/bin/env", "git", "grep", "-n", line])
    return out.stdout
