from agents import Agent, function_tool

from crm.client import CrmClient
from payments import ledger

crm = CrmClient.from_env()


@function_tool
async def remove_contact(contact_id: str) -> str:
    """Remove a contact from the CRM."""
    # ruleid: missing_human_oversight
    await crm.contacts.delete(contact_id)
    return "removed"


@function_tool(needs_approval=True)
def credit_back(order_ref: str, cents: int) -> str:
    """Give money back on an order once a person approves."""
    # ok: missing_human_oversight
    ledger.refund(order_ref, cents)
    return "credited"


@function_tool
def forget_draft() -> str:
    """Drop the scratch draft."""
    # ok: missing_human_oversight
    crm.drafts.delete("scratch")
    return "dropped"


desk = Agent(name="desk", tools=[remove_contact, credit_back, forget_draft])
