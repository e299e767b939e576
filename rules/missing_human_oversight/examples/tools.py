import re
import shutil
import smtplib
import shlex
import subprocess
import subprocess as sp
from email.message import EmailMessage

import autogen
import stripe
from agents import Agent, function_tool
from langchain_community.tools.file_management import DeleteFileTool, ReadFileTool
from langchain_core.tools import StructuredTool, tool
from langgraph.types import interrupt
from pymongo import MongoClient

users = MongoClient()["crm"]["users"]
ALLOWED_RESOURCES = {"deployment", "statefulset"}


@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    # ruleid: missing_human_oversight
    shutil.rmtree(path)
    return "deleted"


@function_tool
def issue_refund(charge_id: str, amount: int) -> str:
    # ruleid: missing_human_oversight
    refund = stripe.Refund.create(charge=charge_id, amount=amount)
    return refund.id


@tool
def notify_customer(to: str, body: str) -> str:
    """Email the customer."""
    msg = EmailMessage()
    msg["To"] = to
    msg.set_content(body)
    with smtplib.SMTP("localhost") as smtp:
        # ruleid: missing_human_oversight
        smtp.send_message(msg)
    return "sent"


@tool
def kill_pod(pod: str) -> str:
    """Delete a pod in the cluster."""
    argv = ["kubectl", "delete", "pod", pod]
    # ruleid: missing_human_oversight
    return sp.run(argv, capture_output=True, text=True).stdout


def _drop_file(base: str, name: str) -> None:
    import os

    os.remove(f"{base}/{name}")


@tool
def clean_upload(filename: str) -> str:
    """Remove an uploaded file."""
    # ruleid: missing_human_oversight
    _drop_file("/srv/uploads", filename)
    return "removed"


def purge_user(user_id: str) -> str:
    # ruleid: missing_human_oversight
    users.delete_one({"_id": user_id})
    return "purged"


purge = StructuredTool.from_function(func=purge_user, description="Remove a user record")


@function_tool(needs_approval=True)
def cancel_subscription(subscription_id: str) -> str:
    # ok: missing_human_oversight
    return stripe.Subscription.delete(subscription_id).status


@tool
def send_message(channel: str, text: str) -> str:
    """Draft a message; a person sends it from the UI."""
    # ok: missing_human_oversight
    return f"Draft for {channel}: {text}"


@tool
def repo_status() -> str:
    """Show the working tree status."""
    # ok: missing_human_oversight
    return subprocess.run(["git", "status", "--short"], capture_output=True, text=True, check=True).stdout


@tool
def restart(resource: str, namespace: str) -> str:
    """Restart a workload."""
    if resource not in ALLOWED_RESOURCES:
        raise ValueError("resource not allowed")
    if not re.fullmatch(r"[a-z0-9-]{1,63}", namespace):
        raise ValueError("bad namespace")
    # ok: missing_human_oversight
    out = subprocess.run(["kubectl", "rollout", "restart", resource, "-n", namespace], capture_output=True, text=True)
    return out.stdout


@tool
def purge_cache(key: str) -> str:
    """Purge a cache key after the operator confirms."""
    if not confirm(f"Purge {key}?"):
        return "cancelled"
    # ok: missing_human_oversight
    shutil.rmtree(f"/var/cache/app/{key}")
    return "purged"


def confirm(question: str) -> bool:
    return input(question + " [y/N] ").lower() == "y"


@tool
def wipe_branch(branch: str) -> str:
    """Delete a git branch once a reviewer approves."""
    decision = interrupt({"action": "delete_branch", "branch": branch})
    if decision != "approve":
        return "rejected"
    # ok: missing_human_oversight
    subprocess.run(["git", "branch", "-D", branch], check=True)
    return "deleted"


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


support = Agent(name="Support", tools=[issue_refund, notify_customer, cancel_subscription])


def shell_tools(ShellTool, executor):
    # ok: missing_human_oversight
    approved = ShellTool(executor=executor, needs_approval=True)
    # ruleid: missing_human_oversight
    unattended = ShellTool(executor=executor)
    return approved, unattended


@tool
def trace_route(target: str) -> str:
    """Trace the route to a host."""
    # a constant program given the model's argument, no shell: still reported, at MEDIUM (fixed_program)
    # ruleid: missing_human_oversight
    return subprocess.run(["traceroute", "-m", "10", target], capture_output=True, text=True).stdout


@tool
def prune(target: str) -> str:
    """Remove a build directory."""
    # rm keeps the rule's severity (fixed_program.except)
    # ruleid: missing_human_oversight
    return subprocess.run(["rm", "-rf", target], capture_output=True, text=True).stdout



@tool
def search_log(needle: str) -> str:
    """Search the application log."""
    # a shell command string whose only data is shlex-quoted runs the constant programs (grep, tail):
    # reported like an argv list, at MEDIUM (fixed_program.quoting)
    # ruleid: missing_human_oversight
    return subprocess.run("grep -n -- " + shlex.quote(needle) + " /var/log/app.log | tail -20", shell=True, capture_output=True, text=True).stdout

# A text message to a recipient the model chose (Twilio); a model's own messages.create has no recipient
from twilio.rest import Client as TwilioClient
import anthropic

sms = TwilioClient()
claude = anthropic.Anthropic()


@tool
def text_customer(phone: str, body: str) -> str:
    """Send an SMS to a customer."""
    # ruleid: missing_human_oversight
    msg = sms.messages.create(to=phone, from_="+15550100", body=body)
    return msg.sid


@tool
def summarise_ticket(ticket_text: str) -> str:
    """Summarise a support ticket."""
    # ok: missing_human_oversight
    reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=300, messages=[{"role": "user", "content": ticket_text}])
    return reply.content[0].text
