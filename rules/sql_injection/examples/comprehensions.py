import sqlite3

from fastapi import FastAPI

app = FastAPI()
db = sqlite3.connect("app.db", check_same_thread=False)


@app.get("/tickets")
def tickets(ids: str, tags: str):
    wanted = [int(part) for part in ids.split(",") if part.strip()]
    placeholders = ",".join(str(i) for i in wanted)
    # ok: sql_injection
    a = db.execute("SELECT id FROM tickets WHERE id IN (" + placeholders + ")").fetchall()
    labels = ",".join("'" + t.strip() + "'" for t in tags.split(","))
    # ruleid: sql_injection
    b = db.execute("SELECT id FROM tickets WHERE tag IN (" + labels + ")").fetchall()
    names = [t for t in tags.split(",") if t]
    # ruleid: sql_injection
    c = db.execute(f"SELECT id FROM tickets WHERE owner = '{names[0]}'").fetchall()
    return {"a": a, "b": b, "c": c}


@app.get("/columns")
def columns(cols: str):
    mapping = {c: c.upper() for c in cols.split(",")}
    # ruleid: sql_injection
    rows = db.execute("SELECT " + ", ".join(mapping) + " FROM tickets").fetchall()
    return {"rows": rows}
