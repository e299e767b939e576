from crewai import Agent, Crew, Task


def appended_crew(researcher: Agent, writer: Agent) -> Crew:
    draft = Task(description="Draft", expected_output="Draft", agent=writer)
    critique = Task(
        description="Critique",
        expected_output="Notes",
        agent=researcher,
        context=[draft],
    )
    # ruleid: workflow_cycle
    draft.context.append(critique)
    return Crew(agents=[researcher, writer], tasks=[draft, critique])
