from typing import Literal, TypedDict

from langgraph.graph import END, START, StateGraph


class State(TypedDict):
    draft: str
    approved: bool


def write(state: State) -> State:
    return state


def review(state: State) -> State:
    return state


def route(state: State) -> Literal["write", "__end__"]:
    return END if state["approved"] else "write"


def reviewed_graph():
    builder = StateGraph(State)
    builder.add_node("write", write)
    builder.add_node("review", review)
    builder.add_edge(START, "write")
    builder.add_edge("write", "review")
    builder.add_conditional_edges("review", route)
    builder.add_edge("review", "write")
    # ok: workflow_cycle
    graph = builder.compile()
    return graph.with_config(recursion_limit=20)
