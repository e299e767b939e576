import httpx
from llama_index.core.tools import FunctionTool

BANK = "https://bank.internal/api"


async def transfer_money(from_account_id: str, to_account_id: str, amount: int) -> str:
    async with httpx.AsyncClient() as client:
        # ruleid: missing_human_oversight
        r = await client.post(f"{BANK}/transfers", json={"from": from_account_id, "to": to_account_id, "amount": amount})
    return r.text


def close_account(account_id: str) -> str:
    # ruleid: missing_human_oversight
    httpx.delete(f"{BANK}/accounts/{account_id}")
    return "closed"


def tools():
    return [FunctionTool.from_defaults(async_fn=transfer_money), FunctionTool.from_defaults(fn=close_account)]
