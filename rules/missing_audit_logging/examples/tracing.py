import os

from agents import Agent, RunConfig, Runner, set_tracing_disabled

# ruleid: missing_audit_logging
set_tracing_disabled(True)
# ruleid: missing_audit_logging
os.environ["OPENAI_AGENTS_DISABLE_TRACING"] = "1"
# ok: missing_audit_logging
set_tracing_disabled(False)


async def main(agent: Agent, question: str):
    # ruleid: missing_audit_logging
    quiet = await Runner.run(agent, question, run_config=RunConfig(tracing_disabled=True))
    # ok: missing_audit_logging
    traced = await Runner.run(agent, question, run_config=RunConfig(workflow_name="support"))
    return quiet, traced
