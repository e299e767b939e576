# SQLAlchemy lookups by primary key (`session.get(Model, id)`, `session.query(Model).get(id)`,
# `db.session.get`) with an id the model chose, and no owner in the query or check after it.
from agents import RunContextWrapper, function_tool
from flask_sqlalchemy import SQLAlchemy
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP
from sqlalchemy import create_engine
from sqlalchemy.orm import Session, sessionmaker

from shop.models import Invoice, Order

mcp = FastMCP("shop")
engine = create_engine("postgresql://shop")
SessionLocal = sessionmaker(bind=engine)
db = SQLAlchemy()


@tool
def get_order(order_id: int) -> dict:
    """Show an order."""
    with Session(engine) as session:
        # ruleid: object_authorization[read]
        order = session.get(Order, order_id)
        return {"status": order.status, "address": order.address}


@mcp.tool()
def get_invoice(invoice_id: int) -> dict:
    """Show an invoice."""
    session = SessionLocal()
    # ruleid: object_authorization[read]
    invoice = session.query(Invoice).get(invoice_id)
    return {"total": invoice.total}


@mcp.tool()
def find_invoice(number: str) -> dict:
    """Find an invoice by number."""
    session = SessionLocal()
    # ruleid: object_authorization[read]
    invoice = session.query(Invoice).filter(Invoice.number == number).first()
    return {"total": invoice.total}


@tool
def order_lines(order_id: int) -> list:
    """Lines of an order."""
    # ruleid: object_authorization[read]
    order = db.session.get(Order, order_id)
    return [line.sku for line in order.lines]


def _load(order_id):
    with SessionLocal() as s:
        return s.get(Order, order_id)


@tool
def order_total(order_id: int) -> float:
    """Total of an order."""
    # ruleid: object_authorization[read]
    return _load(order_id).total


@function_tool
async def my_order(wrapper: RunContextWrapper, order_id: int) -> dict:
    """An order of the signed-in customer."""
    with Session(engine) as session:
        order = session.get(Order, order_id)
        if order is None or order.customer_id != wrapper.context.customer_id:
            raise PermissionError("not your order")
        # ok: object_authorization
        return {"status": order.status}


@function_tool
async def my_invoice(wrapper: RunContextWrapper, number: str) -> dict:
    """An invoice of the signed-in customer, scoped in the query."""
    session = SessionLocal()
    owner = wrapper.context.customer_id
    # ok: object_authorization
    invoice = session.query(Invoice).filter(Invoice.number == number, Invoice.customer_id == owner).first()
    return {"total": invoice.total}


@tool
def demo_order() -> dict:
    """The fixed demo order: no id comes from the model."""
    with Session(engine) as session:
        # ok: object_authorization
        return {"status": session.get(Order, 1).status}


# A statement wrapped in SQLAlchemy's text(): the statement is what the driver runs
from sqlalchemy import text


@tool
def set_order_status(order_ref: str, status: str) -> str:
    """Change the status of an order."""
    with engine.begin() as conn:
        # ruleid: object_authorization
        conn.execute(text("UPDATE orders SET status = :s WHERE ref = :r"), {"s": status, "r": order_ref})
    return "updated"


@function_tool
def cancel_my_order(wrapper: RunContextWrapper, order_ref: str) -> str:
    """Cancel one of the caller's orders."""
    with engine.begin() as conn:
        # ok: object_authorization
        conn.execute(
            text("UPDATE orders SET status = 'cancelled' WHERE ref = :r AND customer_id = :c"),
            {"r": order_ref, "c": wrapper.context.customer_id},
        )
    return "cancelled"
