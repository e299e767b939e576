from autogen import AssistantAgent, UserProxyAgent
from autogen.coding import DockerCommandLineCodeExecutor, LocalCommandLineCodeExecutor
from crewai import Agent
from crewai_tools import CodeInterpreterTool
from langchain.agents import load_tools
from langchain_community.tools import ShellTool
from langchain_experimental.agents import create_pandas_dataframe_agent
from langchain_experimental.tools import PythonREPLTool


def build_langchain_tools(llm, df):
    # ruleid: code_execution
    repl = PythonREPLTool()
    # ruleid: code_execution
    shell = ShellTool()
    # ruleid: code_execution
    agent = create_pandas_dataframe_agent(llm, df, allow_dangerous_code=True)
    # ruleid: code_execution
    tools = load_tools(["terminal", "llm-math"], llm=llm, allow_dangerous_tools=True)
    # ok: code_execution
    safe_tools = load_tools(["llm-math", "wikipedia"], llm=llm)
    # ok: code_execution
    safe_agent = create_pandas_dataframe_agent(llm, df, allow_dangerous_code=False)
    return [repl, shell, agent, tools, safe_tools, safe_agent]


def build_crew_agents(llm):
    # ruleid: code_execution
    coder = Agent(role="Coder", goal="Write and run code", backstory="Senior engineer", allow_code_execution=True, code_execution_mode="unsafe", llm=llm)
    # ok: code_execution
    sandboxed = Agent(role="Coder", goal="Write and run code", backstory="Senior engineer", allow_code_execution=True, code_execution_mode="safe", llm=llm)
    # ruleid: code_execution
    interpreter = CodeInterpreterTool(unsafe_mode=True)
    # ok: code_execution
    docker_interpreter = CodeInterpreterTool()
    return [coder, sandboxed, interpreter, docker_interpreter]


def build_autogen(config_list):
    assistant = AssistantAgent("assistant", llm_config={"config_list": config_list})
    user_proxy = UserProxyAgent(
        "user_proxy",
        human_input_mode="NEVER",
        # ruleid: code_execution
        code_execution_config={"work_dir": "coding", "use_docker": False},
    )
    docker_proxy = UserProxyAgent(
        "docker_proxy",
        # ok: code_execution
        code_execution_config={"work_dir": "coding", "use_docker": True},
    )
    # ruleid: code_execution
    local = LocalCommandLineCodeExecutor(work_dir="coding")
    # ok: code_execution
    docker = DockerCommandLineCodeExecutor(work_dir="coding")
    return assistant, user_proxy, docker_proxy, local, docker
