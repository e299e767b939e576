import pg8000.native
from django.db.models.expressions import RawSQL
from langchain_core.tools import tool

from shop.models import Order


@tool
def orders_by_status(status: str, sort: str) -> list:
    """List the shop's orders with a status, sorted by a column."""
    # ruleid: sql_injection
    rows = Order.objects.raw(f"SELECT * FROM shop_order WHERE status = '{status}'")
    # ok: sql_injection
    safe = Order.objects.raw("SELECT * FROM shop_order WHERE status = %s", [status])
    # ruleid: sql_injection
    ranked = Order.objects.annotate(rank=RawSQL("SELECT count(*) FROM shop_item WHERE kind = '%s'" % status, ()))
    # ok: sql_injection
    counted = Order.objects.annotate(n=RawSQL("SELECT count(*) FROM shop_item WHERE kind = %s", (status,)))
    # ruleid: sql_injection
    extra = Order.objects.extra(where=["status = '" + status + "'"])
    # ruleid: sql_injection
    ordered = Order.objects.filter(active=True).extra(order_by=[sort])
    # ok: sql_injection
    fixed = Order.objects.extra(where=["total > 100"])
    return [rows, safe, ranked, counted, extra, ordered, fixed]


@tool
def warehouse_stock(sku: str) -> list:
    """Look up stock for a SKU in the warehouse database."""
    conn = pg8000.native.Connection("reader", database="warehouse")
    # ruleid: sql_injection
    rows = conn.run("SELECT qty FROM stock WHERE sku = '" + sku + "'")
    # ok: sql_injection
    bound = conn.run("SELECT qty FROM stock WHERE sku = :sku", sku=sku)
    return rows + bound
