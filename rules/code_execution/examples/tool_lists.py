import shlex
import subprocess

import dspy
from google.adk.agents import Agent
from langgraph.prebuilt import create_react_agent
from pydantic_ai import Agent as PydanticAgent


def run_command(command: str) -> str:
    """Run a shell command on the build host."""
    # ruleid: code_execution
    return subprocess.run(command, shell=True, capture_output=True, text=True).stdout


def grep_logs(pattern: str) -> str:
    """Search the service logs."""
    # ok: code_execution
    return subprocess.run(["grep", "-rF", "--", pattern, "/var/log/app"], capture_output=True, text=True).stdout


def disk_usage(path: str) -> str:
    """Show disk usage of a directory."""
    # ok: code_execution
    return subprocess.run("du -sh " + shlex.quote(path), shell=True, capture_output=True, text=True).stdout


# plain functions in an agent's tool list become tools the model calls with its own arguments
ops_agent = Agent(name="ops", model="gemini-2.0-flash", instruction="Help the on-call engineer.", tools=[run_command, grep_logs])
graph = create_react_agent("openai:gpt-4o", tools=[disk_usage])
typed_agent = PydanticAgent("openai:gpt-4o", tools=[grep_logs])
react = dspy.ReAct("question -> answer", tools=[disk_usage])
chat_agent = PydanticAgent("openai:gpt-4o")


@chat_agent.tool_plain
def uptime(host: str) -> str:
    """Check how long a host has been up."""
    # ruleid: code_execution
    return subprocess.run(f"ssh {host} uptime", shell=True, capture_output=True, text=True).stdout
