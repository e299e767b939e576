from crewai import Agent, Crew, Task

RUN_ON_HOST = "unsafe"


def analysts(llm):
    # ruleid: code_execution[crewai_unsafe]
    host = Agent(role="Analyst", goal="Crunch numbers", backstory="Quant", allow_code_execution=True, code_execution_mode="unsafe", llm=llm)
    # ok: code_execution
    default = Agent(role="Analyst", goal="Crunch numbers", backstory="Quant", allow_code_execution=True, llm=llm)
    # ok: code_execution
    off = Agent(role="Analyst", goal="Crunch numbers", backstory="Quant", allow_code_execution=False, code_execution_mode="unsafe", llm=llm)
    # ok: code_execution
    mode_only = Agent(role="Analyst", goal="Crunch numbers", backstory="Quant", code_execution_mode="unsafe", llm=llm)
    return [host, default, off, mode_only]


def multi_line(llm):
    coder = Agent(
        role="Coder",
        goal="Write scripts",
        backstory="Engineer",
        allow_code_execution=True,
        # ruleid: code_execution[crewai_unsafe]
        code_execution_mode=RUN_ON_HOST,
        llm=llm,
    )
    reviewer = Agent(
        role="Reviewer",
        goal="Check scripts",
        backstory="Engineer",
        # ok: code_execution
        allow_code_execution=True,
        code_execution_mode="safe",
        llm=llm,
    )
    return Crew(agents=[coder, reviewer], tasks=[Task(description="x", expected_output="y", agent=coder)])


def splatted(llm):
    host_settings = {"allow_code_execution": True, "code_execution_mode": "unsafe", "max_execution_time": 60}
    # ruleid: code_execution[crewai_unsafe]
    runner = Agent(role="Runner", goal="Run code", backstory="Ops", llm=llm, **host_settings)
    sandbox_settings = {"max_retry_limit": 2, "allow_code_execution": True}
    # ok: code_execution
    sandboxed = Agent(role="Runner", goal="Run code", backstory="Ops", llm=llm, **sandbox_settings)
    built_host = dict(allow_code_execution=True, code_execution_mode="unsafe")
    # ruleid: code_execution[crewai_unsafe]
    built_runner = Agent(role="Runner", goal="Run code", backstory="Ops", llm=llm, **built_host)
    plain_settings = {"allow_code_execution": False}
    # ok: code_execution
    plain = Agent(role="Writer", goal="Write", backstory="Writer", llm=llm, **plain_settings)
    return [runner, sandboxed, built_runner, plain]
