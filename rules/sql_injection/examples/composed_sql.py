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


# A helper that returns the clause and its parameters apart: `where, params = criteria(...)` gives
# each name its own part, so constant clauses stay constant; one that splices a value into its
# clause hands the caller SQL built from it.
def criteria(status: str, carrier: str | None) -> tuple[str, list]:
    clauses, params = ["status = %s"], [status]
    if carrier:
        clauses.append("carrier = %s")
        params.append(carrier)
    return " AND ".join(clauses), params


def spliced(status: str) -> tuple[str, list]:
    return f"status = '{status}'", []


@tool
def find_slots(status: str, carrier: str | None = None) -> list:
    """List dock slots by status and carrier."""
    where, params = criteria(status, carrier)
    with conn.cursor() as cur:
        # ok: sql_injection
        cur.execute(f"SELECT slot_id FROM dock_slots WHERE {where} LIMIT 20", params)
        rows = cur.fetchall()
    clause, extra = spliced(status)
    with conn.cursor() as cur:
        # ruleid: sql_injection
        cur.execute(f"SELECT slot_id FROM dock_slots WHERE {clause}", extra)
        return rows + cur.fetchall()
