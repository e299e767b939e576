from langchain_experimental.tools import PythonREPLTool
from langchain.agents import create_agent


def build_agent(llm, user_goal: str):
    return create_agent(
        llm,
        tools=[PythonREPLTool()],
        # ruleid: universal_prompt_injection
        system_prompt=f"You are a data analyst. The user's request: {user_goal}",
    )


def build_fixed_agent(llm):
    return create_agent(
        llm,
        tools=[PythonREPLTool()],
        # ok: universal_prompt_injection
        system_prompt="You are a data analyst. Only run read-only pandas code.",
    )
