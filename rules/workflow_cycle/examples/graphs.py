from typing import TypedDict

import re

from langgraph.graph import END, START, StateGraph


class State(TypedDict):
    draft: str
    approved: bool


def write(state: State) -> State:
    return state


def review(state: State) -> State:
    return state


def publish(state: State) -> State:
    return state


def ping_pong_graph():
    builder = StateGraph(State)
    builder.add_node("write", write)
    builder.add_node("review", review)
    builder.add_edge(START, "write")
    builder.add_edge("write", "review")
    # ruleid: workflow_cycle
    builder.add_edge("review", "write")
    return builder.compile()


def triangle_graph():
    builder = StateGraph(State)
    builder.add_node("write", write)
    builder.add_node("review", review)
    builder.add_node("publish", publish)
    builder.add_edge(START, "write")
    builder.add_edge("write", "review")
    builder.add_edge("review", "publish")
    # ruleid: workflow_cycle
    builder.add_edge("publish", "write")
    return builder.compile()


def self_loop_graph():
    builder = StateGraph(State)
    builder.add_node("poll", review)
    builder.add_edge(START, "poll")
    # ruleid: workflow_cycle
    builder.add_edge("poll", "poll")
    return builder.compile()


def pipeline_graph():
    builder = StateGraph(State)
    builder.add_node("write", write)
    builder.add_node("publish", publish)
    builder.add_edge(START, "write")
    builder.add_edge("write", "publish")
    builder.add_edge("publish", END)
    # ok: workflow_cycle
    return builder.compile()


def node_pattern():
    # ok: workflow_cycle
    return re.compile(r"add_edge")
