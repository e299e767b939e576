from agents import Agent, Runner, function_tool
from langchain.agents import AgentExecutor, create_tool_calling_agent
from langchain_core.tools import tool


@tool
def lookup(term: str) -> str:
    """Look a term up in the glossary."""
    return term.upper()


@tool
def ask_expert(question: str) -> str:
    """Ask the expert agent a follow-up question."""
    # ruleid: recursive_tool_calling
    return expert_executor.invoke({"input": question})["output"]


def build(llm, prompt):
    return create_tool_calling_agent(llm, [lookup, ask_expert], prompt)


expert_agent = None
expert_executor = AgentExecutor(agent=expert_agent, tools=[lookup, ask_expert])


@function_tool
async def research_more(topic: str) -> str:
    # ruleid: recursive_tool_calling
    result = await Runner.run(researcher, topic)
    return result.final_output


# ok: recursive_tool_calling
@function_tool
async def summarise(text: str, depth: int = 0) -> str:
    if depth > 2:
        return text
    result = await Runner.run(researcher, text)
    return result.final_output


researcher = Agent(name="Researcher", instructions="Research the topic.", tools=[research_more, summarise])
