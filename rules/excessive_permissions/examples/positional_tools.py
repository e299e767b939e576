import subprocess

import httpx
from langchain.agents import AgentType, initialize_agent
from langchain_community.tools import RequestsGetTool
from langchain_community.utilities import TextRequestsWrapper
from langchain_core.tools import tool
from langchain_experimental.tools import PythonREPLTool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import ToolNode, create_react_agent

llm = ChatOpenAI(model="gpt-4o-mini")


@tool
def shell(cmd: str) -> str:
    """Run a command."""
    # ruleid: excessive_permissions
    return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout


@tool
def download(address: str) -> str:
    """Download a page."""
    return httpx.get(address, timeout=5).text


@tool
def summarise(text: str) -> str:
    """Summarise text."""
    return text[:200]


web = RequestsGetTool(requests_wrapper=TextRequestsWrapper(), allow_dangerous_requests=True)
# ruleid: excessive_permissions
legacy = initialize_agent([PythonREPLTool(), web], llm, agent=AgentType.ZERO_SHOT_REACT_DESCRIPTION, max_iterations=5)

ops_tools = [shell, download]
# ruleid: excessive_permissions
graph_agent = create_react_agent(llm, ops_tools)
# ruleid: excessive_permissions
node = ToolNode(ops_tools)

# ok: excessive_permissions
reader = create_react_agent(llm, [download, summarise])
# ok: excessive_permissions
local = initialize_agent([shell, summarise], llm, agent=AgentType.ZERO_SHOT_REACT_DESCRIPTION, max_iterations=5)
