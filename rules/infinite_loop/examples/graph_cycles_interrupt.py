from langgraph.checkpoint.memory import MemorySaver
from langgraph.graph import START, StateGraph
from langgraph.prebuilt import ToolNode, tools_condition


def reviewed_agent(tools, State, call_model):
    builder = StateGraph(State)
    builder.add_node("assistant", call_model)
    builder.add_node("tools", ToolNode(tools))
    builder.add_edge(START, "assistant")
    builder.add_conditional_edges("assistant", tools_condition)
    # ok: infinite_loop
    builder.add_edge("tools", "assistant")
    # a person approves every tool round
    return builder.compile(checkpointer=MemorySaver(), interrupt_before=["tools"])
