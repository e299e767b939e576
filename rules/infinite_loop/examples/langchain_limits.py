from crewai import Agent
from langchain.agents import AgentExecutor, create_tool_calling_agent
from langgraph.prebuilt import create_react_agent


def build_executor(llm, tools, prompt):
    agent = create_tool_calling_agent(llm, tools, prompt)
    # ruleid: infinite_loop
    unbounded = AgentExecutor(agent=agent, tools=tools, max_iterations=None)
    # ok: infinite_loop
    timed = AgentExecutor(agent=agent, tools=tools, max_iterations=None, max_execution_time=120)
    # ok: infinite_loop
    bounded = AgentExecutor(agent=agent, tools=tools, max_iterations=10)
    return unbounded, timed, bounded


def run_graph(llm, tools, question):
    graph = create_react_agent(llm, tools)
    # ruleid: infinite_loop
    graph.invoke({"messages": [("user", question)]}, {"recursion_limit": 10_000})
    # ruleid: infinite_loop
    graph.invoke({"messages": [("user", question)]}, config={"recursion_limit": 500})
    # ok: infinite_loop
    return graph.invoke({"messages": [("user", question)]}, {"recursion_limit": 40})


def crew_members(llm):
    researcher = Agent(
        role="Researcher",
        goal="Find sources",
        backstory="Thorough",
        llm=llm,
        # ruleid: infinite_loop[high_cap]
        max_iter=100,
    )
    # ok: infinite_loop
    writer = Agent(
        role="Writer",
        goal="Write the report",
        backstory="Concise",
        llm=llm,
        max_iter=8,
    )
    return researcher, writer


async def openai_agents_run(runner, agent, question):
    # ruleid: infinite_loop
    await runner.run(agent, question, max_turns=float("inf"))
    # ok: infinite_loop
    return await runner.run(agent, question, max_turns=5)
