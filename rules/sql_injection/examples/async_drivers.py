# asyncpg, the databases package and SQLAlchemy's scalar helpers run their first argument as SQL;
# bound parameters ($1, :name) keep values out of the statement, and a fetch of a URL is no query.
import asyncpg
from databases import Database
from fastapi import FastAPI
from sqlalchemy import text
from sqlalchemy.orm import Session
from tornado.httpclient import AsyncHTTPClient

app = FastAPI()
database = Database("postgresql://app@db/app")


@app.get("/accounts")
async def accounts(owner: str, conn: asyncpg.Connection):
    # ruleid: sql_injection
    rows = await conn.fetch(f"SELECT id, balance FROM accounts WHERE owner = '{owner}'")
    # ok: sql_injection
    same = await conn.fetch("SELECT id, balance FROM accounts WHERE owner = $1", owner)
    # ruleid: sql_injection
    total = await conn.fetchval("SELECT sum(balance) FROM accounts WHERE region = '%s'" % owner)
    return {"rows": rows, "same": same, "total": total}


@app.get("/events")
async def events(kind: str):
    # ruleid: sql_injection
    first = await database.fetch_one("SELECT * FROM events WHERE kind = '" + kind + "' LIMIT 1")
    # ok: sql_injection
    latest = await database.fetch_all(query="SELECT * FROM events WHERE kind = :kind", values={"kind": kind})
    return {"first": first, "latest": latest}


def count_orders(db: Session, status: str) -> int:
    # ok: sql_injection
    return db.scalar(text("SELECT count(*) FROM orders WHERE status = :s"), {"s": status})


@app.get("/orders/count")
def orders_count(status: str, db: Session):
    # ruleid: sql_injection
    return db.scalar(text(f"SELECT count(*) FROM orders WHERE status = '{status}'"))


@app.get("/mirror")
async def mirror(url: str):
    # ok: sql_injection
    response = await AsyncHTTPClient().fetch(url)
    return {"body": response.body.decode()}
