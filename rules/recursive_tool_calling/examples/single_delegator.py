from crewai import Agent


def build(llm):
    # ok: recursive_tool_calling
    manager = Agent(role="Manager", goal="Coordinate", backstory="Lead", llm=llm, allow_delegation=True)
    worker = Agent(role="Worker", goal="Do", backstory="Hands-on", llm=llm)
    return manager, worker
