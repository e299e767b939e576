from llama_index.core.tools import FunctionTool


async def transfer_money(from_account_id: str, to_account_id: str, amount: int) -> str:
    return "done"


def tools():
    # ruleid: missing_human_oversight
    return [FunctionTool.from_defaults(async_fn=transfer_money)]
