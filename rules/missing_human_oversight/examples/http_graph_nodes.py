# A LangGraph node that posts a refund to the application's payments API with what an earlier node's
# model decided: unattended unless a node before it asks a person.
from typing import TypedDict

import httpx
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt

payments = httpx.Client(base_url="https://payments.internal", timeout=10.0)


class Ticket(TypedDict, total=False):
    order_id: str
    cents: int
    approved: bool


def decide(ticket: Ticket) -> Ticket:
    return {}


def refund(ticket: Ticket) -> Ticket:
    # ruleid: missing_human_oversight
    payments.post("/v1/refunds", json={"order_id": ticket["order_id"], "amount_cents": ticket["cents"]})
    return {}


def note(ticket: Ticket) -> Ticket:
    # ok: missing_human_oversight
    payments.post("/v1/notes", json={"order_id": ticket["order_id"]})
    return {}


auto = StateGraph(Ticket)
auto.add_node("decide", decide)
auto.add_node("refund", refund)
auto.add_node("note", note)
auto.add_edge(START, "decide")
auto.add_edge("decide", "refund")
auto.add_edge("refund", "note")
auto.add_edge("note", END)
auto_app = auto.compile()


def confirm(ticket: Ticket) -> Ticket:
    return {"approved": bool(interrupt({"order": ticket["order_id"], "cents": ticket["cents"]}))}


def refund_confirmed(ticket: Ticket) -> Ticket:
    # ok: missing_human_oversight
    payments.post("/v1/refunds", json={"order_id": ticket["order_id"], "amount_cents": ticket["cents"]})
    return {}


checked = StateGraph(Ticket)
checked.add_node("confirm", confirm)
checked.add_node("refund_confirmed", refund_confirmed)
checked.add_edge(START, "confirm")
checked.add_edge("confirm", "refund_confirmed")
checked.add_edge("refund_confirmed", END)
checked_app = checked.compile()
