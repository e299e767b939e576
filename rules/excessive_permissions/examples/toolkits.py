import os

from agents import Agent
from agents.mcp import MCPServerStdio
from langchain_community.agent_toolkits import FileManagementToolkit, GmailToolkit
from langchain_community.tools import RequestsGetTool
from langchain_community.utilities.requests import TextRequestsWrapper
from langchain_experimental.tools import PythonREPLTool


def file_tools(workdir: str):
    # ruleid: excessive_permissions
    everything = FileManagementToolkit(root_dir=workdir).get_tools()
    # ok: excessive_permissions
    read_only = FileManagementToolkit(root_dir=workdir, selected_tools=["read_file", "list_directory"]).get_tools()
    return everything, read_only


def mail_tools():
    # ruleid: excessive_permissions
    return GmailToolkit().get_tools()


def analyst(llm):
    # ruleid: excessive_permissions
    return Agent(
        name="Analyst",
        tools=[PythonREPLTool(), RequestsGetTool(requests_wrapper=TextRequestsWrapper(), allow_dangerous_requests=True)],
    )


def calculator(llm):
    # ok: excessive_permissions
    return Agent(name="Calculator", tools=[PythonREPLTool()])


# ruleid: excessive_permissions
disk = MCPServerStdio(params={"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/"]})
# ruleid: excessive_permissions
home = MCPServerStdio(params={"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", os.path.expanduser("~")]})
# ok: excessive_permissions
project = MCPServerStdio(params={"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "./workspace"]})
# ruleid: excessive_permissions
shell = MCPServerStdio(params={"command": "npx", "args": ["-y", "@wonderwhy-er/desktop-commander"]})
