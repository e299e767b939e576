import sqlite3

from fastapi import FastAPI

app = FastAPI()
db = sqlite3.connect("reports.db", check_same_thread=False)
PERIODS = {"week": "date('now', '-7 day')", "month": "date('now', '-1 month')"}


@app.get("/reports/revenue")
def revenue(period: str, region: str):
    since = PERIODS.get(period, "date('now', '-7 day')")
    # ok: sql_injection
    total = db.execute(f"SELECT SUM(amount) FROM orders WHERE created_at >= {since}").fetchone()
    # ruleid: sql_injection
    by_region = db.execute(f"SELECT SUM(amount) FROM orders WHERE created_at >= {since} AND region = '{region}'").fetchone()
    return {"total": total[0], "region": by_region[0]}
