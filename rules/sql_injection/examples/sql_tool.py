from langchain_community.utilities import SQLDatabase
from langchain_core.tools import tool

db = SQLDatabase.from_uri("sqlite:///shop.db")


@tool
def run_sql(query: str) -> str:
    """Run a SQL query against the shop database."""
    # ruleid: sql_injection
    return db.run(query)


@tool
def count_orders(status: str) -> str:
    """Count orders with a status."""
    # ok: sql_injection
    return db.run("SELECT count(*) FROM orders WHERE status = :status", parameters={"status": status})


@tool
def list_tables() -> str:
    """List the tables."""
    # ok: sql_injection
    return ", ".join(db.get_usable_table_names())
