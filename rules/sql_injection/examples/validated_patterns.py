# An identifier that fully matches a restrictive pattern cannot close a quote or add a clause; an
# unanchored match or a pattern allowing spaces and quotes validates nothing.
import re
import sqlite3

from agents import function_tool

conn = sqlite3.connect("app.db")
COLUMN = re.compile(r"[a-z_]{1,32}")


@function_tool
def sort_rows(column: str) -> list:
    if not COLUMN.fullmatch(column):
        raise ValueError(column)
    # ok: sql_injection
    return conn.execute(f"SELECT * FROM items ORDER BY {column}").fetchall()


@function_tool
def sort_loose(column: str) -> list:
    if not re.match(r"[a-z_]+", column):
        raise ValueError(column)
    # ruleid: sql_injection
    return conn.execute(f"SELECT * FROM items ORDER BY {column}").fetchall()


@function_tool
def filter_rows(expr: str) -> list:
    if not re.fullmatch(r"[\w =']+", expr):
        raise ValueError(expr)
    # ruleid: sql_injection
    return conn.execute(f"SELECT * FROM items WHERE {expr}").fetchall()
