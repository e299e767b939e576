from autogen import ConversableAgent
from langchain_community.tools import ShellTool as Shell
from langchain_community.tools.gmail import GmailSendMessage
from langchain_community.tools.gmail.utils import build_resource_service
from langgraph.prebuilt import create_react_agent


def ops_agent(llm):
    # ruleid: missing_human_oversight
    tools = [Shell()]
    return create_react_agent(llm, tools)


def mail_agent(llm, credentials):
    service = build_resource_service(credentials=credentials)
    # ruleid: missing_human_oversight
    sender = GmailSendMessage(api_resource=service)
    return create_react_agent(llm, [sender])


def coder(llm_config, executor):
    # ruleid: missing_human_oversight
    return ConversableAgent("coder", llm_config=llm_config, human_input_mode="NEVER", code_execution_config={"executor": executor})


def reviewer(llm_config, executor):
    # ok: missing_human_oversight
    return ConversableAgent("reviewer", llm_config=llm_config, human_input_mode="ALWAYS", code_execution_config={"executor": executor})


def planner(llm_config):
    # ok: missing_human_oversight
    return ConversableAgent("planner", llm_config=llm_config, human_input_mode="NEVER")
