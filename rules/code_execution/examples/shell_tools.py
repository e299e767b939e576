import os
import subprocess
import sys

from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("devops")


@tool
def run_shell(command: str) -> str:
    """Run a shell command and return its output."""
    # ruleid: code_execution
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


@mcp.tool()
def grep_logs(pattern: str) -> str:
    """Search the service logs."""
    # ruleid: code_execution
    return subprocess.check_output(f"grep -r {pattern} /var/log/app", shell=True, text=True)


@mcp.tool()
def disk_usage(path: str) -> str:
    # ruleid: code_execution
    return os.popen("du -sh " + path).read()


@mcp.tool()
def git_status() -> str:
    # ok: code_execution
    return subprocess.run(["git", "status"], capture_output=True, text=True).stdout


@mcp.tool()
def git_log(branch: str) -> str:
    # ok: code_execution
    out = subprocess.run(["git", "log", "--oneline", "--", branch], capture_output=True, text=True)
    return out.stdout


def run_model_command(llm, question: str) -> str:
    command = llm.invoke(f"Write one shell command that answers: {question}").content
    # ruleid: code_execution
    os.system(command)
    return command


def cli_main() -> None:
    # ruleid: code_execution
    subprocess.call("convert " + sys.argv[1] + " out.png", shell=True)


def build_assets(target: str) -> None:
    # ruleid: code_execution
    subprocess.run(f"make {target}", shell=True, check=True)


def restart_service() -> None:
    # ok: code_execution
    subprocess.run("systemctl restart vigil", shell=True, check=True)
    # ok: code_execution
    os.system("clear")


@mcp.tool()
def run_program(command: str) -> str:
    """Run any Linux command."""
    import shlex
    import subprocess as sp

    # ruleid: code_execution
    out = sp.check_output(command, shell=True, text=True)
    # ruleid: code_execution
    result = subprocess.run(shlex.split(command), capture_output=True, text=True)
    return out + result.stdout
