import sqlite3

from agents import function_tool

conn = sqlite3.connect("shop.db")


@function_tool
def find_products(keyword: str, category: str) -> str:
    """Find products by keyword and category."""
    clauses = []
    for col, val in (("name", keyword), ("category", category)):
        clauses.append("{} LIKE '%{}%'".format(col, val))
    query = "SELECT id, name FROM products WHERE " + " AND ".join(clauses)
    # ruleid: sql_injection
    rows = conn.execute(query).fetchall()
    where, params = [], []
    for col, val in (("name", keyword), ("category", category)):
        where.append(col + " LIKE ?")
        params.append("%" + val + "%")
    # ok: sql_injection
    more = conn.execute("SELECT id FROM products WHERE " + " AND ".join(where), params).fetchall()
    return str(rows + more)
