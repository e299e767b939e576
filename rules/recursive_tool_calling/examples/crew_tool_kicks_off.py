from crewai import Agent, Crew, Task
from crewai.tools import tool


@tool("Escalate")
def escalate(issue: str) -> str:
    """Hand a hard issue to the support crew."""
    # ruleid: recursive_tool_calling
    return str(support_crew.kickoff(inputs={"issue": issue}))


@tool("Lookup")
def lookup(issue: str) -> str:
    """Look the issue up in the knowledge base."""
    return issue.lower()


agent = Agent(role="Support", goal="Resolve issues", backstory="Helpful", tools=[escalate, lookup])
support_crew = Crew(agents=[agent], tasks=[Task(description="{issue}", expected_output="Answer", agent=agent)])
