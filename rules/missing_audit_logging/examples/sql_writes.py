from langchain_core.tools import tool
from sqlalchemy import create_engine, text

engine = create_engine("postgresql+psycopg://app@db/app")


@tool
def set_order_status(order_ref: str, status: str) -> str:
    """Change the fulfilment status of an order."""
    with engine.begin() as conn:
        # ruleid: missing_audit_logging
        conn.execute(text("UPDATE orders SET status = :s WHERE ref = :r"), {"s": status, "r": order_ref})
    return "updated"


@tool
def add_note(order_ref: str, note: str) -> str:
    """Attach a note to an order."""
    with engine.begin() as conn:
        # ruleid: missing_audit_logging
        conn.execute("INSERT INTO order_notes (ref, note) VALUES (%s, %s)", (order_ref, note))
    return "added"


@tool
def order_status(order_ref: str) -> str:
    """Read the status of an order."""
    with engine.connect() as conn:
        # ok: missing_audit_logging
        row = conn.execute(text("SELECT status FROM orders WHERE ref = :r"), {"r": order_ref}).first()
    return row.status if row else "unknown"
