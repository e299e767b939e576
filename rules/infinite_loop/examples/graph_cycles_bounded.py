from langgraph.graph import END, START, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition


def build(tools, State, call_model):
    graph = StateGraph(State)
    graph.add_node("agent", call_model)
    graph.add_node("tools", ToolNode(tools))
    graph.add_edge(START, "agent")
    graph.add_conditional_edges("agent", tools_condition)
    # ok: infinite_loop
    graph.add_edge("tools", "agent")
    return graph.compile()


def answer(question: str, tools, State, call_model) -> str:
    app = build(tools, State, call_model)
    run_config = {"recursion_limit": 12, "configurable": {"thread_id": "t1"}}
    return app.invoke({"messages": [("user", question)]}, run_config)["messages"][-1].content
