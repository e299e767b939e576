# A person approves each run first: the graph interrupts before the node that runs the command, or
# the tool is registered as needing approval. The flow is still reported, as a risk one severity
# lower (variant approved); an interrupt before another node approves nothing here.
import subprocess
from typing import TypedDict

from agents import function_tool
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import END, StateGraph

llm = ChatOpenAI()


class Job(TypedDict):
    goal: str
    script: str
    log: str


def draft(job: Job):
    return {"script": llm.invoke(f"Write a bash one-liner that will {job['goal']}").content}


def apply_script(job: Job):
    # ruleid: code_execution[approved]
    done = subprocess.run(job["script"], shell=True, capture_output=True, text=True)
    return {"log": done.stdout}


def dry_run(job: Job):
    # ruleid: code_execution
    done = subprocess.run(f"bash -n -c '{job['script']}'", shell=True, capture_output=True, text=True)
    return {"log": done.stderr}


flow = StateGraph(Job)
flow.add_node("draft", draft)
flow.add_node("check", dry_run)
flow.add_node("apply", apply_script)
flow.set_entry_point("draft")
flow.add_edge("draft", "check")
flow.add_edge("check", "apply")
flow.add_edge("apply", END)
APPROVE = ["apply"]
app = flow.compile(checkpointer=MemorySaver(), interrupt_before=APPROVE)


@function_tool(needs_approval=True)
def run_command(command: str) -> str:
    """Run a shell command once the user approves it."""
    # ruleid: code_execution[approved]
    return subprocess.check_output(command, shell=True, text=True)


@function_tool
def run_quick(command: str) -> str:
    """Run a shell command."""
    # ruleid: code_execution
    return subprocess.check_output(command, shell=True, text=True)
