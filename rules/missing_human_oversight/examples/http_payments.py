import os

import httpx
from agents import Agent, function_tool

LEDGER_API = "https://ledger.internal.example.com/v1"


def _ledger() -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=LEDGER_API, headers={"Authorization": f"Bearer {os.environ['LEDGER_TOKEN']}"})


@function_tool
async def pay_vendor(vendor_iban: str, amount: float, memo: str) -> str:
    """Pay a vendor invoice from the operating account."""
    body = {"creditor": vendor_iban, "amount": round(amount, 2), "memo": memo[:140]}
    async with _ledger() as http:
        # ruleid: missing_human_oversight
        r = await http.post("/payments", json=body)
        return r.json()["id"]


@function_tool
async def refund_order(order_id: str) -> str:
    """Refund an order in full."""
    # ruleid: missing_human_oversight
    r = httpx.post(f"{LEDGER_API}/orders/{order_id}/refunds", json={"reason": "agent"})
    return r.text


@function_tool
async def list_payments(account: str) -> str:
    """List the latest payments of an account."""
    async with _ledger() as http:
        # ok: missing_human_oversight
        r = await http.post("/payments/search", json={"account": account, "limit": 20})
        return r.text


@function_tool
async def log_note(note: str) -> str:
    """Record a note on the ledger's activity feed."""
    async with _ledger() as http:
        # ok: missing_human_oversight
        r = await http.post("/notes", json={"text": note})
        return r.text


treasury = Agent(name="treasury", instructions="Pay approved invoices.", tools=[pay_vendor, refund_order, list_payments, log_note])
