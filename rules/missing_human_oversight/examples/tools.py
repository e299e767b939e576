import shutil
import smtplib
from email.message import EmailMessage

import autogen
import stripe
from agents import Agent, function_tool
from langchain_community.tools.file_management import DeleteFileTool, ReadFileTool
from langchain_core.tools import tool


# ruleid: missing_human_oversight
@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    shutil.rmtree(path)
    return "deleted"


# ruleid: missing_human_oversight
@function_tool
def issue_refund(charge_id: str, amount: int) -> str:
    refund = stripe.Refund.create(charge=charge_id, amount=amount)
    return refund.id


# ruleid: missing_human_oversight
@tool
def notify_customer(to: str, body: str) -> str:
    """Email the customer."""
    msg = EmailMessage()
    msg["To"] = to
    msg.set_content(body)
    with smtplib.SMTP("localhost") as smtp:
        smtp.send_message(msg)
    return "sent"


# ok: missing_human_oversight
@function_tool(needs_approval=True)
def cancel_subscription(subscription_id: str) -> str:
    return stripe.Subscription.delete(subscription_id).status


# ok: missing_human_oversight
@tool
def get_weather(city: str) -> str:
    """Look up the weather."""
    return f"Sunny in {city}"


# ok: missing_human_oversight
@tool
def purge_cache(key: str) -> str:
    """Purge a cache key after the operator confirms."""
    if not confirm(f"Purge {key}?"):
        return "cancelled"
    return "purged"


def confirm(question: str) -> bool:
    return input(question + " [y/N] ").lower() == "y"


def file_tools():
    # ruleid: missing_human_oversight
    deleter = DeleteFileTool()
    # ok: missing_human_oversight
    reader = ReadFileTool()
    return [deleter, reader]


def executors(llm_config):
    # ruleid: missing_human_oversight
    runner = autogen.UserProxyAgent("runner", human_input_mode="NEVER", code_execution_config={"work_dir": "out"})
    # ok: missing_human_oversight
    chatter = autogen.UserProxyAgent("chatter", human_input_mode="NEVER", code_execution_config=False)
    return runner, chatter


support = Agent(name="Support", tools=[issue_refund, notify_customer, get_weather, cancel_subscription])


def shell_tools(ShellTool, executor):
    # ok: missing_human_oversight
    approved = ShellTool(executor=executor, needs_approval=True)
    # ruleid: missing_human_oversight
    unattended = ShellTool(executor=executor)
    return approved, unattended


def wrapped_tools(StructuredTool, FunctionTool):
    # ruleid: missing_human_oversight
    remover = StructuredTool.from_function(func=delete_workspace, name="delete_workspace")
    # ok: missing_human_oversight
    weather = StructuredTool.from_function(func=get_weather, name="get_weather")
    # ruleid: missing_human_oversight
    mailer = FunctionTool.from_defaults(fn=notify_customer_email)
    return remover, weather, mailer


def notify_customer_email(to: str) -> str:
    return to
