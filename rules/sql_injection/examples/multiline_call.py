# A multi-line call: the finding is on the line of the argument that carries the data.
import sqlite3

from langchain_core.tools import tool

db = sqlite3.connect("shop.db")


@tool
def find_orders(customer: str) -> list:
    """Find a customer's orders."""
    cur = db.cursor()
    cur.execute(
        # ruleid: sql_injection
        "SELECT id, total FROM orders WHERE customer = '" + customer + "'",
    )
    return cur.fetchall()


@tool
def find_orders_bound(customer: str) -> list:
    """Find a customer's orders."""
    cur = db.cursor()
    # ok: sql_injection
    cur.execute(
        "SELECT id, total FROM orders WHERE customer = ?",
        (customer,),
    )
    return cur.fetchall()
