# Agents SDK tools a person approves before each run: SQL built from the model's arguments is still
# reported, as a risk one severity lower; without approval it stays CRITICAL, and bound parameters
# stay silent either way.
import sqlite3

from agents import function_tool

conn = sqlite3.connect("shop.db")


@function_tool(needs_approval=True)
def purge(table: str, where: str) -> int:
    statement = "DELETE FROM " + table + " WHERE " + where
    # ruleid: sql_injection[approved]
    return conn.execute(statement).rowcount


@function_tool(needs_approval=True)
def adjust(args: dict) -> int:
    # ruleid: sql_injection[approved]
    return conn.execute(f"UPDATE stock SET qty = {args['qty']} WHERE sku = '{args['sku']}'").rowcount


@function_tool
def purge_now(where: str) -> int:
    # ruleid: sql_injection
    return conn.execute(f"DELETE FROM orders WHERE {where}").rowcount


@function_tool(needs_approval=True)
def purge_bound(order_id: str) -> int:
    # ok: sql_injection
    return conn.execute("DELETE FROM orders WHERE id = ?", (order_id,)).rowcount
