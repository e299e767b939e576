import crewai as ca

SETTINGS = {"verbose": True}


def team(llm):
    # ruleid: recursive_tool_calling[delegation]
    lead = ca.Agent(role="Lead", goal="Ship the feature", backstory="Senior", llm=llm, allow_delegation=True)
    # ok: recursive_tool_calling
    reviewer = ca.Agent(role="Reviewer", goal="Review", backstory="Picky", llm=llm, allow_delegation=True, max_iter=8)
    # ok: recursive_tool_calling
    tester = ca.Agent(role="Tester", goal="Test", backstory="Thorough", llm=llm, **SETTINGS)
    return ca.Crew(agents=[lead, reviewer, tester], tasks=[])
