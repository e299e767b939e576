import sqlite3 as lite

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("reports")
ALLOWED_TABLES = {"orders", "invoices"}


def fetch(sql_text):
    con = lite.connect("reports.db")
    # ruleid: sql_injection
    return con.execute(sql_text).fetchall()


def where_clause(field, value):
    return "WHERE %s = '%s'" % (field, value)


@mcp.tool()
def rows_for(customer: str, table: str) -> list:
    """Rows of a customer in a table."""
    filters = {"customer": customer}
    statement = "SELECT * FROM {} ".format(table) + where_clause("customer", filters["customer"])
    return fetch(statement)


@mcp.tool()
def count_rows(table: str) -> int:
    """Count the rows of a known table."""
    if table not in ALLOWED_TABLES:
        raise ValueError("unknown table")
    con = lite.connect("reports.db")
    # ok: sql_injection
    return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


@mcp.tool()
def by_id(row_id: str) -> list:
    """One row by id."""
    con = lite.connect("reports.db")
    # ok: sql_injection
    return con.execute("SELECT * FROM orders WHERE id = ?", (int(row_id),)).fetchall()


def nightly_cleanup():
    con = lite.connect("reports.db")
    days = 30
    # ok: sql_injection
    con.execute(f"DELETE FROM sessions WHERE age > {days}")
