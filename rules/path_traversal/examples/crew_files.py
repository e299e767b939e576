from crewai import Agent
from crewai_tools import FileReadTool

# ruleid: path_traversal
any_file = FileReadTool()
# ok: path_traversal
handbook = FileReadTool(file_path="docs/handbook.md")

researcher = Agent(role="Researcher", goal="Answer from files", backstory="Careful", tools=[any_file, handbook])
