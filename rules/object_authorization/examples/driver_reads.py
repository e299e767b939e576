# Rows with an owner read through a database driver by the id the model chose: the run context names
# the caller (PydanticAI `ctx.deps`), but a query given only the model's id is not scoped by it, and
# what that query returns is the row the model picked, not who is calling.
from dataclasses import dataclass

import asyncpg
from pydantic_ai import Agent, RunContext


@dataclass
class Deps:
    account_id: str
    pool: asyncpg.Pool


billing = Agent("openai:gpt-4o", deps_type=Deps)


@billing.tool
async def invoice_by_number(ctx: RunContext[Deps], number: str) -> dict:
    """Fetch one invoice by its number."""
    # ruleid: object_authorization[read]
    row = await ctx.deps.pool.fetchrow("SELECT id, account_id, total_cents FROM invoices WHERE number = $1", number)
    return dict(row) if row else {}


@billing.tool
async def my_invoice(ctx: RunContext[Deps], number: str) -> dict:
    """Fetch one of the customer's invoices."""
    # ok: object_authorization
    row = await ctx.deps.pool.fetchrow("SELECT id, account_id, total_cents FROM invoices WHERE number = $1 AND account_id = $2", number, ctx.deps.account_id)
    return dict(row) if row else {}


@billing.tool
async def checked_invoice(ctx: RunContext[Deps], number: str) -> dict:
    """Fetch one invoice and check it is the customer's."""
    # ok: object_authorization
    row = await ctx.deps.pool.fetchrow("SELECT id, account_id, total_cents FROM invoices WHERE number = $1", number)
    if row is None or row["account_id"] != ctx.deps.account_id:
        return {"error": "no such invoice"}
    return dict(row)


@billing.tool
async def price_of(ctx: RunContext[Deps], sku: str) -> int:
    """Look up a catalogue price."""
    # ok: object_authorization
    return await ctx.deps.pool.fetchval("SELECT price_cents FROM catalogue WHERE sku = $1", sku)
