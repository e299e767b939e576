from agents import RunContextWrapper, function_tool
from flask_login import current_user
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP
from pymongo import MongoClient

from shop.models import Invoice, Order

mcp = FastMCP("shop")
db = MongoClient("mongodb://localhost")["shop"]


@tool
def cancel_order(order_id: int) -> str:
    """Cancel an order. Only cancel orders that belong to the current user."""
    # ruleid: object_authorization[destructive]
    Order.objects.filter(pk=order_id).delete()
    return "cancelled"


@mcp.tool()
def delete_document(doc_id: str) -> str:
    """Delete a document by id."""
    query = {"_id": doc_id}
    # ruleid: object_authorization[destructive]
    db.documents.delete_one(query)
    return "deleted"


def _load_invoice(number):
    return Invoice.objects.get(number=number)


@tool
def show_invoice(invoice_number: str) -> dict:
    """Show an invoice."""
    # ruleid: object_authorization[read]
    invoice = _load_invoice(invoice_number)
    return {"total": invoice.total, "email": invoice.customer_email}


@function_tool
async def refund_order(wrapper: RunContextWrapper, order_id: int) -> str:
    """Refund an order of the signed-in customer."""
    order = Order.objects.get(pk=order_id)
    if order.customer_id != wrapper.context.customer_id:
        raise PermissionError("not your order")
    # ok: object_authorization
    Order.objects.filter(pk=order.pk).delete()
    return "refunded"


@function_tool
async def my_order(wrapper: RunContextWrapper, order_id: int) -> dict:
    """An order of the signed-in customer, scoped by owner in the query."""
    owner = wrapper.context.customer_id
    # ok: object_authorization
    order = Order.objects.get(pk=order_id, customer_id=owner)
    return {"status": order.status}


@mcp.tool()
def archive_mine(doc_id: str) -> str:
    """Archive one of the caller's documents."""
    from mcp.server.auth.middleware.auth_context import get_access_token

    token = get_access_token()
    # ok: object_authorization
    db.documents.delete_one({"_id": doc_id, "owner": token.client_id})
    return "archived"


@tool
def cancel_demo_order() -> str:
    """Cancels the fixed demo order: no id comes from the model."""
    # ok: object_authorization
    Order.objects.filter(pk=1).delete()
    return "done"


@tool
def cancel_own_order(order_id: int) -> str:
    """Cancel one of the signed-in user's orders: the query is scoped by a field of current_user."""
    # ok: object_authorization
    Order.objects.filter(pk=order_id, user_id=current_user.id).delete()
    return "cancelled"


@function_tool(needs_approval=True)
def refund_order(order_ref: int) -> str:
    """Refund an order once the user approves."""
    # approval does not scope the query: the person approving is the one asking, and a user who
    # asks for someone else's order approves that too (not lowered, unlike code_execution)
    # ruleid: object_authorization[destructive]
    Order.objects.filter(pk=order_ref).delete()
    return "refunded"
