from crewai import Agent, Crew, Task
from crewai.project import CrewBase, agent, crew, task


def flat_crew(researcher: Agent, writer: Agent) -> Crew:
    outline = Task(description="Outline the report", expected_output="An outline", agent=writer)
    research = Task(description="Research the topic", expected_output="Notes", agent=researcher, context=[outline])
    # ruleid: workflow_cycle
    outline.context = [research]
    return Crew(agents=[researcher, writer], tasks=[outline, research])
