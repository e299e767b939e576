from crewai import Agent, Crew, Task


def linear_crew(researcher: Agent, writer: Agent) -> Crew:
    research = Task(description="Research", expected_output="Notes", agent=researcher)
    report = Task(description="Write", expected_output="Report", agent=writer, context=[research])
    # ok: workflow_cycle
    return Crew(agents=[researcher, writer], tasks=[research, report])
