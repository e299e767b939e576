# Tools built per user by a factory: the query is scoped by the factory's parameter (or a local of
# it), a value the application passes when it builds the tools and the model cannot change. A tool
# of the same factory that never uses it, or a factory nested in a tool (its parameter is the
# model's), is still reported.
from langchain_core.tools import tool
from sqlalchemy.orm import Session

from shop.db import engine
from shop.models import Document, Order


def make_tools(user_id: int):
    @tool
    def cancel_order(order_id: int) -> str:
        """Cancel one of the user's orders."""
        # ok: object_authorization
        Order.objects.filter(pk=order_id, user_id=user_id).delete()
        return "cancelled"

    @tool
    def show_order(order_id: int) -> dict:
        """Show one of the user's orders."""
        with Session(engine) as session:
            # ok: object_authorization
            order = session.query(Order).filter(Order.id == order_id, Order.user_id == user_id).first()
            return {"status": order.status}

    @tool
    def order_total(order_id: int) -> float:
        """Total of one of the user's orders."""
        with Session(engine) as session:
            order = session.get(Order, order_id)
            if order.user_id != user_id:
                raise PermissionError("not yours")
            # ok: object_authorization
            return order.total

    @tool
    def cancel_any(order_id: int) -> str:
        """Cancel an order."""
        # ruleid: object_authorization[destructive]
        Order.objects.filter(pk=order_id).delete()
        return "cancelled"

    return [cancel_order, show_order, order_total, cancel_any]


class Toolbox:
    def __init__(self, account):
        owner = account.id

        @tool
        def delete_document(doc_id: str) -> str:
            """Delete one of the account's documents."""
            # ok: object_authorization
            Document.objects.filter(pk=doc_id, owner=owner).delete()
            return "deleted"

        self.tools = [delete_document]


def _owned(doc_id, owner):
    return Document.objects.get(pk=doc_id, owner=owner)


def document_tools(owner_id: str):
    @tool
    def read_document(doc_id: str) -> str:
        """Read one of the owner's documents."""
        # ok: object_authorization
        return _owned(doc_id, owner_id).text

    return [read_document]


@tool
def scoped_by_model(doc_id: str, owner_id: str) -> str:
    """The owner is a tool argument here: the model picks it."""

    def read():
        # ruleid: object_authorization[read]
        return Document.objects.get(pk=doc_id, owner=owner_id)

    return read().text


def session_tools(session: Session):
    @tool
    def get_order(order_id: int) -> dict:
        """The factory's parameter is the database session, not the user: nothing scopes the lookup."""
        # ruleid: object_authorization[read]
        order = session.get(Order, order_id)
        return {"status": order.status}

    return [get_order]
