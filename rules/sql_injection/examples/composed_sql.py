import psycopg2
from langchain_core.tools import tool
from psycopg2 import sql

conn = psycopg2.connect("dbname=analytics")


@tool
def row_count(table_name: str) -> int:
    """Number of rows of a table."""
    query = sql.SQL("SELECT count(*) FROM {}").format(sql.Identifier(table_name))
    with conn.cursor() as cur:
        # ok: sql_injection
        cur.execute(query)
        return cur.fetchone()[0]


@tool
def column_values(table_name: str, column: str) -> list:
    """Distinct values of a column."""
    # str.format is not psycopg's composition: the names are spliced in as text
    query = "SELECT DISTINCT {} FROM {}".format(column, table_name)
    with conn.cursor() as cur:
        # ruleid: sql_injection
        cur.execute(query)
        return cur.fetchall()
