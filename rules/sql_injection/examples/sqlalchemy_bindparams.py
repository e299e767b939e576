# SQLAlchemy's text(...).bindparams(name=value) sends the values as bound parameters: only the text
# is SQL. Data written into the text itself is still injected.
from mcp.server.fastmcp import FastMCP
from sqlalchemy import create_engine, text

orders = FastMCP("orders")
engine = create_engine("postgresql://app@db/orders")


@orders.tool()
def order_status(order_ref: str) -> str:
    """Status of an order."""
    with engine.connect() as conn:
        # ok: sql_injection
        row = conn.execute(text("SELECT status FROM orders WHERE ref = :ref").bindparams(ref=order_ref)).first()
    return row[0] if row else "unknown"


@orders.tool()
def order_field(order_ref: str, field: str) -> str:
    """One field of an order."""
    query = text(f"SELECT {field} FROM orders WHERE ref = :ref").bindparams(ref=order_ref)
    with engine.connect() as conn:
        # ruleid: sql_injection
        row = conn.execute(query).first()
    return str(row[0]) if row else "unknown"
