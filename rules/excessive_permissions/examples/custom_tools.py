import subprocess

import requests
from crewai import Agent
from crewai.tools import tool
from langchain_community.agent_toolkits import GmailToolkit
from mcp import StdioServerParameters


@tool("Run Python")
def run_python(code: str) -> str:
    """Run a Python snippet."""
    return subprocess.run(["python", "-c", code], capture_output=True, text=True).stdout


@tool("Fetch page")
def fetch_page(url: str) -> str:
    """Fetch a web page."""
    return requests.get(url, timeout=10).text


@tool("Word count")
def word_count(text: str) -> int:
    """Count words."""
    return len(text.split())


toolbox = [run_python, fetch_page]
# ruleid: excessive_permissions
operator = Agent(role="Operator", goal="Automate", backstory="Ops", tools=toolbox)
# ok: excessive_permissions
writer = Agent(role="Writer", goal="Write", backstory="Editor", tools=[fetch_page, word_count])

ALLOWED = {"search_gmail", "get_thread"}


def mail_tools():
    # ok: excessive_permissions
    tools = GmailToolkit().get_tools()
    return list(filter(lambda t: t.name in ALLOWED, tools))


# ruleid: excessive_permissions
home = StdioServerParameters(command="npx", args=["-y", "@modelcontextprotocol/server-filesystem", "~"])
# ok: excessive_permissions
docs = StdioServerParameters(command="npx", args=["-y", "@modelcontextprotocol/server-filesystem", "/srv/docs"])
