import functools
from typing import Annotated, TypedDict

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages
from langgraph.prebuilt import ToolNode, tools_condition

MAX_REVISIONS = 4


class AgentState(TypedDict):
    messages: Annotated[list, add_messages]
    revisions: int


def call_model(state: AgentState) -> dict:
    return {"messages": [llm.invoke(state["messages"])]}


def wants_tool(state: AgentState) -> str:
    last = state["messages"][-1]
    if isinstance(last, AIMessage) and last.tool_calls:
        return "continue"
    return "stop"


def budgeted(state: AgentState) -> str:
    if state["revisions"] >= MAX_REVISIONS:
        return "stop"
    return "continue" if state["messages"][-1].tool_calls else "stop"


def prebuilt_router_agent(tools):
    graph = StateGraph(AgentState)
    graph.add_node("agent", call_model)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    # ruleid: infinite_loop[graph_cycle]
    graph.add_edge("tools", "agent")
    return graph.compile()


def path_map_agent(tools):
    workflow = StateGraph(AgentState)
    workflow.add_node("llm", call_model)
    workflow.add_node("act", ToolNode(tools))
    workflow.set_entry_point("llm")
    workflow.add_edge("act", "llm")
    # ruleid: infinite_loop[graph_cycle]
    workflow.add_conditional_edges("llm", wants_tool, {"continue": "act", "stop": END})
    return workflow.compile()


def router_with_lambda(tools):
    g = StateGraph(AgentState)
    g.add_node("think", call_model)
    g.add_node("use_tool", ToolNode(tools))
    g.add_edge(START, "think")
    g.add_edge("use_tool", "think")
    # ruleid: infinite_loop[graph_cycle]
    g.add_conditional_edges("think", lambda s: "use_tool" if s["messages"][-1].tool_calls else END)
    return g.compile()


def counted_router(tools):
    graph = StateGraph(AgentState)
    graph.add_node("agent", call_model)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "agent")
    graph.add_edge("tools", "agent")
    # ok: infinite_loop
    graph.add_conditional_edges("agent", budgeted, {"continue": "tools", "stop": END})
    return graph.compile()


def one_way_router(tools):
    graph = StateGraph(AgentState)
    graph.add_node("agent", call_model)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "agent")
    # ok: infinite_loop
    graph.add_conditional_edges("agent", wants_tool, {"continue": "tools", "stop": END})
    graph.add_edge("tools", END)
    return graph.compile()


def _keep_talking(state: AgentState, max_turns: int) -> str:
    return "stop" if len(state["messages"]) > max_turns else "continue"


def simulated_chat(assistant_node, user_node, custom_router=None):
    sim = StateGraph(AgentState)
    sim.add_node("assistant", assistant_node)
    sim.add_node("user", user_node)
    sim.add_edge("assistant", "user")
    # ok: infinite_loop
    sim.add_conditional_edges("user", custom_router or functools.partial(_keep_talking, max_turns=6), {"continue": "assistant", "stop": END})
    sim.add_edge(START, "assistant")
    return sim.compile()
