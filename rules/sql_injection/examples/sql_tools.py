import sqlite3

import psycopg2
from fastapi import FastAPI, Request
from langchain_core.tools import tool
from openai import OpenAI
from sqlalchemy import create_engine, text

app = FastAPI()
client = OpenAI()
conn = sqlite3.connect("orders.db")
engine = create_engine("postgresql://app@db/orders")


@tool
def lookup_customer(name: str) -> list:
    """Find a customer by name."""
    cur = conn.cursor()
    # ruleid: sql_injection
    cur.execute(f"SELECT id, email FROM customers WHERE name = '{name}'")
    return cur.fetchall()


@tool
def orders_by_status(status: str) -> list:
    """List orders with a status."""
    cur = conn.cursor()
    # ruleid: sql_injection
    cur.execute("SELECT * FROM orders WHERE status = '%s'" % status)
    # ok: sql_injection
    cur.execute("SELECT * FROM orders WHERE status = ?", (status,))
    return cur.fetchall()


@app.get("/search")
async def search(request: Request):
    term = request.query_params["q"]
    query = "SELECT title FROM docs WHERE body LIKE '%" + term + "%'"
    with engine.connect() as db:
        # ruleid: sql_injection
        return db.execute(text(query)).fetchall()


@app.post("/archive")
async def archive(request: Request):
    body = await request.json()
    with engine.connect() as db:
        # ruleid: sql_injection
        db.execute(text("DELETE FROM docs WHERE owner = '{}'".format(body["owner"])))
        # ok: sql_injection
        db.execute(text("DELETE FROM docs WHERE owner = :owner"), {"owner": body["owner"]})


def answer_with_sql(question: str):
    completion = client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": f"Write SQLite SQL for: {question}"}],
    )
    generated_sql = completion.choices[0].message.content
    cur = conn.cursor()
    # ruleid: sql_injection
    cur.execute(generated_sql)
    return cur.fetchall()


def report(table_suffix: str):
    cur = conn.cursor()
    # a table name of unknown origin picks which table a fixed statement reads (table_names.py)
    # ruleid: sql_injection
    cur.execute(f"SELECT count(*) FROM events_{table_suffix}")
    # ok: sql_injection
    cur.execute("SELECT count(*) FROM events")
    return cur.fetchone()


def pg_lookup(dsn: str, user_id: int):
    with psycopg2.connect(dsn) as pg:
        with pg.cursor() as cur:
            # ok: sql_injection
            cur.execute("SELECT name FROM users WHERE id = %s", (user_id,))
            # ok: sql_injection
            cur.execute("SELECT name FROM users WHERE id = %(id)s", {"id": user_id})
            return cur.fetchone()
