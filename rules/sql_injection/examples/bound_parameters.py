import json
import sqlite3

import pandas as pd
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("tasks")

# A statement sent with bound parameters is a parameterised query: what else is written into its text
# (column lists, placeholder lists, optional clauses) is structure chosen by the code, unless it is
# shown to come from a tool argument, a request or the model.


class TaskStore:
    def __init__(self, path: str):
        self.path = path

    def update(self, task_index: int, **fields) -> None:
        assignments = []
        values = []
        for key, value in fields.items():
            assignments.append(f"{key} = ?")
            values.append(json.dumps(value) if isinstance(value, dict) else value)
        query = f"UPDATE task_outputs SET {', '.join(assignments)} WHERE task_index = ?"
        values.append(task_index)
        with sqlite3.connect(self.path) as conn:
            # ok: sql_injection
            conn.cursor().execute(query, tuple(values))

    def _lookups(self, keys: list, expired_clause: str):
        marks = ", ".join("?" for _ in keys)
        yield f"SELECT key, value FROM store WHERE key IN ({marks}) {expired_clause}", keys

    def get_many(self, keys: list, clause: str) -> list:
        rows = []
        with sqlite3.connect(self.path) as conn:
            cur = conn.cursor()
            for sql, params in self._lookups(keys, clause):
                # ok: sql_injection
                cur.execute(sql, params)
                rows.extend(cur.fetchall())
        return rows

    def frame(self, columns: str, since: str):
        with sqlite3.connect(self.path) as conn:
            # ok: sql_injection
            return pd.read_sql(f"SELECT {columns} FROM events WHERE ts > ?", conn, params=(since,))

    def frame_unbound(self, columns: str, since: str):
        with sqlite3.connect(self.path) as conn:
            # ruleid: sql_injection
            return pd.read_sql(f"SELECT {columns} FROM events WHERE ts > '{since}'", conn)

    def purge(self, condition: str) -> None:
        with sqlite3.connect(self.path) as conn:
            # parameters of None are no parameters
            # ruleid: sql_injection
            conn.execute("DELETE FROM events WHERE " + condition, None)


@mcp.tool()
def find_tasks(status: str, order_by: str) -> list:
    """Tasks with a status, in an order the model picks."""
    with sqlite3.connect("tasks.db") as conn:
        # the model's text in the statement counts, parameters or not
        # ruleid: sql_injection
        return conn.execute(f"SELECT * FROM tasks WHERE status = ? ORDER BY {order_by}", (status,)).fetchall()


@mcp.tool()
def find_by_owner(owner: str) -> list:
    """Tasks of an owner."""
    with sqlite3.connect("tasks.db") as conn:
        # ok: sql_injection
        return conn.execute("SELECT * FROM tasks WHERE owner = ?", parameters=(owner,)).fetchall()
