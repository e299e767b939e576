import sqlite3

from fastapi import FastAPI

app = FastAPI()
conn = sqlite3.connect("tickets.db")


class TicketStore:
    def __init__(self, connection):
        self.connection = connection

    def by_owner(self, owner):
        statement = f"SELECT id, title FROM tickets WHERE owner = '{owner}'"
        cur = self.connection.cursor()
        # ruleid: sql_injection
        cur.execute(statement)
        return cur.fetchall()

    def by_status(self, status):
        cur = self.connection.cursor()
        # ok: sql_injection
        cur.execute("SELECT id, title FROM tickets WHERE status = ?", (status,))
        return cur.fetchall()


tickets = TicketStore(conn)


# The path parameter reaches the method through the module's instance.
@app.get("/tickets/{owner}")
def list_tickets(owner: str):
    return tickets.by_owner(owner)


@app.get("/tickets/status/{status}")
def by_status(status: str):
    return tickets.by_status(status)
