# A person approves each run first when the node asks with LangGraph's interrupt() before the command
# runs, or when a human-in-the-loop middleware interrupts on the tool by its name: still a finding,
# a risk one severity lower. An interrupt after the command, or on another tool, approves nothing.
import subprocess
from langchain.agents import create_agent
from langchain.agents.middleware import HumanInTheLoopMiddleware
from langchain_core.tools import tool
from langgraph.graph import StateGraph
from langgraph.types import interrupt as ask_human


def run_step(state: dict):
    answer = ask_human({"command": state["command"]})
    if answer != "yes":
        return {"out": "refused"}
    line = f"cd /srv/app && {state['command']}"
    # ruleid: code_execution[approved]
    return {"out": subprocess.check_output(line, shell=True, text=True)}


def run_then_ask(state: dict):
    # ruleid: code_execution[shell]
    out = subprocess.check_output(state["command"], shell=True, text=True)
    ask_human({"ran": state["command"], "out": out})
    return {"out": out}


graph = StateGraph(dict)
graph.add_node("run", run_step)
graph.add_node("run_then_ask", run_then_ask)


@tool("deploy")
def deploy(target: str) -> str:
    """Deploy a branch."""
    # ruleid: code_execution[approved]
    return subprocess.check_output("make deploy BRANCH=" + target, shell=True, text=True)


@tool
def cleanup(job: dict) -> str:
    """Clean a job's workspace."""
    # ruleid: code_execution[shell]
    return subprocess.check_output(f"rm -rf /tmp/{job['id']}", shell=True, text=True)


@tool
def archive(job: dict) -> str:
    """Archive a job's workspace."""
    # ruleid: code_execution[shell]
    return subprocess.check_output(f"tar czf /tmp/{job['id']}.tgz /srv", shell=True, text=True)


agent = create_agent(
    "openai:gpt-4o",
    tools=[deploy, cleanup, archive],
    middleware=[HumanInTheLoopMiddleware(interrupt_on={"deploy": True, "archive": False})],
)


@tool
def constant_probe() -> str:
    """Report uptime."""
    # ok: code_execution
    return subprocess.check_output("uptime", shell=True, text=True)


# LangGraph's prebuilt agent runs every tool in its node "tools": an interrupt before it approves each call
from langgraph.prebuilt import create_react_agent


@tool
def restart(service: str) -> str:
    """Restart a service."""
    # ruleid: code_execution[approved]
    return subprocess.check_output(f"systemctl restart {service}", shell=True, text=True)


ops_agent = create_react_agent("openai:gpt-4o", tools=[restart], interrupt_before=["tools"])
