# Interpreters handed code on the command line (`python3 -c`, `bash -c`, `node -e`) by tools.
import asyncio
import subprocess as sp
import sys

from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("sandbox")


@tool
def evaluate_snippet(snippet: str) -> str:
    """Evaluate a Python snippet for the analyst."""
    # ruleid: code_execution
    done = sp.run([sys.executable, "-c", snippet], capture_output=True, text=True, timeout=20)
    return done.stdout


@mcp.tool()
def shell_step(step: str) -> str:
    """Run one step of the deployment plan."""
    argv = ["/bin/bash", "-c", f"set -e; {step}"]
    # ruleid: code_execution
    return sp.check_output(argv, text=True)


@mcp.tool()
async def ruby_eval(expression: str) -> str:
    # ruleid: code_execution
    proc = await asyncio.create_subprocess_exec("ruby", "-e", expression, stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return out.decode()


@tool
def run_report(report_name: str) -> str:
    """Run a report script with the chosen name as its argument (the script validates it)."""
    # ok: code_execution
    return sp.run(["python3", "reports/run.py", report_name], capture_output=True, text=True).stdout


@tool
def python_version() -> str:
    """Which Python the sandbox has."""
    # ok: code_execution
    return sp.run(["python3", "-c", "import sys; print(sys.version)"], capture_output=True, text=True).stdout
