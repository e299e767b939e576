import shutil

from langchain_core.tools import tool
from langchain_community.tools.file_management import WriteFileTool
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


def file_agent(llm, checkpointer, root: str):
    # ok: missing_human_oversight
    tools = [WriteFileTool(root_dir=root)]
    return create_react_agent(llm, tools, checkpointer=checkpointer, interrupt_before=["tools"])
