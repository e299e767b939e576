from agents import Agent, RunContextWrapper, function_tool
from langchain_core.tools import StructuredTool, tool

from .db import accounts, users, session, Order


@tool
def delete_user(user_id: str) -> str:
    """Delete a user account."""
    # ruleid: missing_authorization
    users.delete(user_id)
    return "deleted"


@function_tool
def transfer_funds(from_account_id: str, to_account_id: str, amount: int) -> str:
    # ruleid: missing_authorization
    accounts.transfer(from_account_id, to_account_id, amount)
    return "ok"


def _remove_order(order_id: str) -> None:
    order = session.get(Order, order_id)
    session.delete(order)


@tool
def cancel_order(order_id: str) -> str:
    """Cancel an order by id."""
    # ruleid: missing_authorization
    _remove_order(order_id)
    return "cancelled"


def close(args: dict) -> str:
    # ruleid: missing_authorization
    accounts.delete_one({"_id": args["account_id"]})
    return "closed"


closer = StructuredTool.from_function(func=close, description="Close an account")


@function_tool
def refund_order(ctx: RunContextWrapper, order_id: str) -> str:
    order = accounts.order(order_id)
    if order.owner_id != ctx.context.user_id:
        raise PermissionError("not your order")
    # ok: missing_authorization
    accounts.refund(order_id)
    return "refunded"


@function_tool
def remove_address(ctx: RunContextWrapper, address_id: str) -> str:
    if address_id not in ctx.context.address_ids:
        return "not yours"
    # ok: missing_authorization
    users.delete(address_id)
    return "removed"


@function_tool
def delete_my_drafts(ctx: RunContextWrapper) -> str:
    # ok: missing_authorization
    users.delete(ctx.context.user_id)
    return "deleted"


@tool
def lookup_user(user_id: str) -> str:
    """Read a public profile."""
    # ok: missing_authorization
    return users.profile(user_id)


support = Agent(name="Support", tools=[transfer_funds, refund_order])
