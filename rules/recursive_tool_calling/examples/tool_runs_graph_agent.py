from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent

from .models import chat_model


@tool
def second_opinion(claim: str) -> str:
    """Ask the assistant to double-check a claim."""
    # ruleid: recursive_tool_calling
    reply = assistant.invoke({"messages": [("user", f"Check this claim: {claim}")]})
    return reply["messages"][-1].content


@tool
def summarise_with_helper(text: str) -> str:
    """Summarise with a helper agent that has no tools of its own."""
    # ok: recursive_tool_calling
    return helper.invoke({"messages": [("user", text)]})["messages"][-1].content


@tool
def nested_check(claim: str, depth: int = 0) -> str:
    """Re-check a claim, at most twice."""
    if depth >= 2:
        return claim
    # ok: recursive_tool_calling
    return assistant.invoke({"messages": [("user", claim)]})["messages"][-1].content


helper = create_react_agent(chat_model, [])
assistant = create_react_agent(chat_model, [second_opinion, summarise_with_helper, nested_check])
