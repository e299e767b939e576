# A delegation tool whose helper builds a fresh agent with the module's tool list, the tool itself
# included: every delegation can delegate again, with no depth limit. The helper that gives the new
# agent a list without the tool ends the chain.
from langchain_community.tools.tavily_search import TavilySearchResults
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

llm = ChatOpenAI(model="gpt-4o", max_tokens=1200)
web_search = TavilySearchResults(max_results=4)


@tool
def delegate(subtask: str) -> str:
    """Hand a subtask to a new analyst and return its findings."""
    return run_research(subtask)


@tool
def summarise(subtask: str) -> str:
    """Hand a subtask to a summariser and return its summary."""
    return run_summary(subtask)


RESEARCH_TOOLS = [web_search, delegate, summarise]
SUMMARY_TOOLS = [web_search]


def run_research(task: str) -> str:
    analyst = create_react_agent(llm, RESEARCH_TOOLS, prompt="Break the work into subtasks.")
    # ruleid: recursive_tool_calling[owner_run]
    return analyst.invoke({"messages": [("user", task)]})["messages"][-1].content


def run_summary(task: str) -> str:
    summariser = create_react_agent(llm, SUMMARY_TOOLS, prompt="Summarise.")
    # ok: recursive_tool_calling
    return summariser.invoke({"messages": [("user", task)]})["messages"][-1].content
