from crewai import Agent, Crew, Task
from crewai.project import CrewBase, agent, crew, task


def flat_crew(researcher: Agent, writer: Agent) -> Crew:
    outline = Task(description="Outline the report", expected_output="An outline", agent=writer)
    # ok: workflow_cycle
    research = Task(description="Research the topic", expected_output="Notes", agent=researcher, context=[outline])
    # ruleid: workflow_cycle
    outline.context = [research]
    return Crew(agents=[researcher, writer], tasks=[outline, research])


def appended_crew(researcher: Agent, writer: Agent) -> Crew:
    draft = Task(description="Draft", expected_output="Draft", agent=writer)
    critique = Task(description="Critique", expected_output="Notes", agent=researcher, context=[draft])
    # ruleid: workflow_cycle
    draft.context.append(critique)
    return Crew(agents=[researcher, writer], tasks=[draft, critique])


def linear_crew(researcher: Agent, writer: Agent) -> Crew:
    research = Task(description="Research", expected_output="Notes", agent=researcher)
    # ok: workflow_cycle
    report = Task(description="Write", expected_output="Report", agent=writer, context=[research])
    return Crew(agents=[researcher, writer], tasks=[research, report])


@CrewBase
class ReportCrew:
    @agent
    def analyst(self) -> Agent:
        return Agent(config=self.agents_config["analyst"])

    @task
    def research_task(self) -> Task:
        return Task(config=self.tasks_config["research_task"], context=[self.review_task()])

    # ruleid: workflow_cycle
    @task
    def review_task(self) -> Task:
        return Task(config=self.tasks_config["review_task"], context=[self.research_task()])

    # ok: workflow_cycle
    @task
    def summary_task(self) -> Task:
        return Task(config=self.tasks_config["summary_task"], context=[self.research_task()])

    @crew
    def crew(self) -> Crew:
        return Crew(agents=self.agents, tasks=self.tasks)
