# LangGraph nodes that move money with the amounts an earlier node's model decided: the graph runs
# them unattended unless a node pauses for a person (interrupt) or the graph is compiled with
# interrupt_before.
from typing import TypedDict

import stripe
from langgraph.graph import END, START, StateGraph
from langgraph.types import interrupt


class Case(TypedDict, total=False):
    charge: str
    cents: int
    refund: str


def pay_back(case: Case) -> Case:
    # ruleid: missing_human_oversight
    done = stripe.Refund.create(charge=case["charge"], amount=case["cents"])
    return {"refund": done.id}


def pay_back_confirmed(case: Case) -> Case:
    if not interrupt({"question": f"Refund {case['cents']} cents on {case['charge']}?"}):
        return {"refund": ""}
    # ok: missing_human_oversight
    done = stripe.Refund.create(charge=case["charge"], amount=case["cents"])
    return {"refund": done.id}


def note_only(case: Case) -> Case:
    # ok: missing_human_oversight
    stripe.Customer.modify("cus_fixed", metadata={"last_case": "seen"})
    return {}


graph = StateGraph(Case)
graph.add_node("pay_back", pay_back)
graph.add_node("pay_back_confirmed", pay_back_confirmed)
graph.add_node("note_only", note_only)
graph.add_edge(START, "pay_back")
graph.add_edge("pay_back", "pay_back_confirmed")
graph.add_edge("pay_back_confirmed", "note_only")
graph.add_edge("note_only", END)
app = graph.compile()
