# A table name a class keeps from its constructor is configuration when nothing in the file builds
# the class from request data; a class the file builds with a request's value is judged by it.
import sqlite3

from flask import Flask, request


class MessageStore:
    def __init__(self, path: str, table: str = "messages"):
        self.conn = sqlite3.connect(path)
        self.table = table

    def clear(self) -> None:
        # ruleid: sql_injection
        self.conn.execute(f"DELETE FROM {self.table}")


class AuditLog:
    def __init__(self, conn, table):
        self.conn = conn
        self.table = table

    def rows(self):
        query = "SELECT * FROM %s" % self.table
        # ruleid: sql_injection
        return self.conn.execute(query).fetchall()


app = Flask(__name__)


@app.get("/audit")
def audit():
    log = AuditLog(sqlite3.connect("audit.db"), request.args["table"])
    return {"rows": log.rows()}
