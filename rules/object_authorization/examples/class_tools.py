from crewai.tools import BaseTool
from sqlalchemy.orm import Session

from billing.models import Subscription, engine


class CancelSubscription(BaseTool):
    name: str = "cancel_subscription"
    description: str = "Cancel a subscription by its id"

    def _run(self, subscription_id: int) -> str:
        with Session(engine) as db:
            sub = db.get(Subscription, subscription_id)
            # ruleid: object_authorization
            db.session.delete(sub)
            db.commit()
        return "cancelled"


class SubscriptionRepository:
    """Called by the billing service after it has checked the account; no model reaches it."""

    def _run(self, subscription_id: int) -> None:
        with Session(engine) as db:
            sub = db.get(Subscription, subscription_id)
            # ok: object_authorization
            db.session.delete(sub)
            db.commit()
