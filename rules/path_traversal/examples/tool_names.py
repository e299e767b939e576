from agents import Agent, FileSearchTool
from crewai.tools.agent_tools.read_file_tool import ReadFileTool as CrewInputFiles
from langchain.tools import WriteFileTool
from langchain_community.tools import ReadFileTool
from langchain_community.tools.file_management.list_dir import ListDirectoryTool


def crew_tools(files: dict) -> list:
    # crewAI's tool reads the crew's input files by key: no path reaches it
    # ok: path_traversal
    reader = CrewInputFiles()
    reader.set_files(files)
    return [reader]


def research_agent(vector_store_id: str) -> Agent:
    # the Agents SDK's hosted tool searches a vector store
    # ok: path_traversal
    search = FileSearchTool(vector_store_ids=[vector_store_id], max_num_results=5)
    return Agent(name="research", tools=[search])


def file_agent_tools() -> list:
    return [
        # ruleid: path_traversal
        ReadFileTool(),
        # ruleid: path_traversal
        WriteFileTool(),
        # ok: path_traversal
        ListDirectoryTool(root_dir="/srv/agent-workspace"),
    ]
