from agents import Agent, RunContextWrapper, function_tool
from langchain_core.tools import tool

from .db import accounts, users


# ruleid: missing_authorization
@tool
def delete_user(user_id: str) -> str:
    """Delete a user account."""
    users.delete(user_id)
    return "deleted"


# ruleid: missing_authorization
@function_tool
def transfer_funds(from_account_id: str, to_account_id: str, amount: int) -> str:
    accounts.transfer(from_account_id, to_account_id, amount)
    return "ok"


# ok: missing_authorization
@function_tool
def refund_order(ctx: RunContextWrapper, order_id: str) -> str:
    order = accounts.order(order_id)
    if order.owner_id != ctx.context.user_id:
        raise PermissionError("not your order")
    accounts.refund(order_id)
    return "refunded"


# ok: missing_authorization
@tool
def lookup_user(user_id: str) -> str:
    """Read a public profile."""
    return users.profile(user_id)


support = Agent(name="Support", tools=[transfer_funds, refund_order])
