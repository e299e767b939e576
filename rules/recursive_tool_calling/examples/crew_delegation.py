from crewai import Agent, Crew, Process, Task


def build_crew(llm):
    # ruleid: recursive_tool_calling
    researcher = Agent(role="Researcher", goal="Find facts", backstory="Curious", llm=llm, allow_delegation=True)
    # ruleid: recursive_tool_calling
    writer = Agent(role="Writer", goal="Write", backstory="Precise", llm=llm, allow_delegation=True)
    # ok: recursive_tool_calling
    editor = Agent(role="Editor", goal="Edit", backstory="Strict", llm=llm, allow_delegation=True, max_iter=5)
    # ok: recursive_tool_calling
    checker = Agent(role="Checker", goal="Check", backstory="Careful", llm=llm, allow_delegation=False)
    task = Task(description="Write the report", expected_output="Report", agent=writer)
    return Crew(agents=[researcher, writer, editor, checker], tasks=[task], process=Process.sequential)
