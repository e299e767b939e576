# LangGraph nodes that pay out after a review node has asked a person (interrupt in the review
# node, an edge from it to the paying node), and one whose review comes only after the payment.
from typing import TypedDict

import stripe
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt

STAGE_PAY = "settle"


class Claim(TypedDict, total=False):
    charge: str
    cents: int
    verdict: str


def triage(claim: Claim) -> Claim:
    return {"verdict": "pending"}


def human_review(claim: Claim) -> Claim:
    answer = interrupt({"charge": claim["charge"], "cents": claim["cents"]})
    return {"verdict": "approved" if answer.get("ok") else "rejected"}


def route_verdict(claim: Claim) -> str:
    return "settle" if claim["verdict"] == "approved" else "close"


def settle(claim: Claim) -> Claim:
    # ok: missing_human_oversight
    stripe.Refund.create(charge=claim["charge"], amount=claim["cents"])
    return {}


def close(claim: Claim) -> Claim:
    return {}


flow = StateGraph(Claim)
flow.add_node("triage", triage)
flow.add_node("human_review", human_review)
flow.add_node(STAGE_PAY, settle)
flow.add_node("close", close)
flow.add_edge(START, "triage")
flow.add_edge("triage", "human_review")
flow.add_conditional_edges("human_review", route_verdict, {"settle": STAGE_PAY, "close": "close"})
flow.add_edge(STAGE_PAY, END)
flow.add_edge("close", END)
reviewed = flow.compile()


def pay_first(claim: Claim) -> Claim:
    # ruleid: missing_human_oversight
    stripe.Refund.create(charge=claim["charge"], amount=claim["cents"])
    return {}


def confirm_after(claim: Claim) -> Claim:
    interrupt({"paid": claim["charge"]})
    return {}


late = StateGraph(Claim)
late.add_node("pay_first", pay_first)
late.add_node("confirm_after", confirm_after)
late.add_edge(START, "pay_first")
late.add_edge("pay_first", "confirm_after")
late.add_edge("confirm_after", END)
late_app = late.compile()
