# A delete scoped by the caller: the signed-in user (flask_login), or the user a per-user tool
# factory was built for. A delete by the model's id alone is still reported.
from flask_login import current_user
from langchain_core.tools import tool

from shop.models import Order


@tool
def cancel_own(order_id: int) -> str:
    """Cancel one of the signed-in user's orders."""
    # ok: missing_authorization
    Order.objects.filter(pk=order_id, user_id=current_user.id).delete()
    return "cancelled"


def make_tools(user_id: int):
    @tool
    def cancel_order(order_id: int) -> str:
        """Cancel one of the user's orders."""
        # ok: missing_authorization
        Order.objects.filter(pk=order_id, user_id=user_id).delete()
        return "cancelled"

    @tool
    def cancel_any(order_id: int) -> str:
        """Cancel any order."""
        # ruleid: missing_authorization
        Order.objects.filter(pk=order_id).delete()
        return "cancelled"

    return [cancel_order, cancel_any]
