from crewai import Agent, Crew, Task
from crewai.project import CrewBase, agent, crew, task


@CrewBase
class ReportCrew:
    @agent
    def analyst(self) -> Agent:
        return Agent(config=self.agents_config["analyst"])

    @task
    def research_task(self) -> Task:
        return Task(
            config=self.tasks_config["research_task"],
            context=[self.review_task()],
        )

    @task
    def review_task(self) -> Task:
        # ruleid: workflow_cycle
        return Task(config=self.tasks_config["review_task"], context=[self.research_task()])

    @task
    def summary_task(self) -> Task:
        return Task(config=self.tasks_config["summary_task"], context=[self.research_task()])

    @crew
    def crew(self) -> Crew:
        return Crew(agents=self.agents, tasks=self.tasks)
