from crewai import Agent
from langchain.agents import AgentExecutor

LIMITS = {"recursion_limit": 25}


def build(llm, tools, agent):
    # ruleid: infinite_loop[no_cap]
    analyst = Agent(role="Analyst", goal="Analyse", backstory="Careful", llm=llm, max_iter=-1)
    # ok: infinite_loop
    reviewer = Agent(role="Reviewer", goal="Review", backstory="Strict", llm=llm, max_iter=10)
    # ruleid: infinite_loop[no_cap]
    executor = AgentExecutor(agent=agent, tools=tools, max_iterations=None)
    return analyst, reviewer, executor


def run(graph, question):
    # ok: infinite_loop
    return graph.invoke({"messages": [("user", question)]}, config=LIMITS)
