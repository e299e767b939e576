from typing import Annotated

from semantic_kernel.functions import kernel_function

from billing.approvals import ApprovalQueue
from billing.payments import PaymentsClient


class RefundPlugin:
    def __init__(self, payments: PaymentsClient, approvals: ApprovalQueue):
        self._payments = payments
        self._approvals = approvals

    # the application's own approval step: a reviewer decides before the refund runs
    @kernel_function(name="issue_refund", description="Refund part or all of a charge.")
    async def issue_refund(self, charge_id: Annotated[str, "Charge id"], amount_cents: Annotated[int, "Amount in cents"]) -> str:
        ticket = await self._approvals.request(action="refund", payload={"charge_id": charge_id, "amount": amount_cents})
        decision = await self._approvals.wait(ticket.id, timeout_s=900)
        if not decision.approved:
            return "Refund was not approved."
        # ok: missing_human_oversight
        refund = await self._payments.refund(charge_id=charge_id, amount=amount_cents, idempotency_key=ticket.id)
        return f"Refund {refund.id} issued."

    @kernel_function(name="quick_refund", description="Refund a charge at once.")
    async def quick_refund(self, charge_id: Annotated[str, "Charge id"]) -> str:
        # ruleid: missing_human_oversight
        refund = await self._payments.refund(charge_id=charge_id)
        return f"Refund {refund.id} issued."
