from langchain_core.tools import tool
from langgraph.prebuilt import create_react_agent

from .db import accounts

MAX_REFUND = 100


@tool
def refund_order(order_id: str, amount: int) -> str:
    """Refund part of an order (capped); a person approves every call."""
    if amount > MAX_REFUND:
        return "over the cap"
    # ok: missing_authorization
    accounts.refund(order_id, amount)
    return "refunded"


def build(llm, checkpointer):
    return create_react_agent(llm, [refund_order], checkpointer=checkpointer, interrupt_before=["tools"])
