import shutil

from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent


# ok: missing_human_oversight
@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    shutil.rmtree(path)
    return "deleted"


def build(llm, checkpointer):
    agent = create_react_agent(llm, [delete_workspace], checkpointer=checkpointer, interrupt_before=["tools"])
    return agent
