from dataclasses import dataclass

import asyncpg
from pydantic_ai import Agent, RunContext


@dataclass
class AdminDeps:
    db: asyncpg.Pool
    operator: str


admin_agent = Agent("openai:gpt-4o", deps_type=AdminDeps, system_prompt="You administer customer accounts.")
PLANS = {"free", "pro", "team"}


@admin_agent.tool
async def close_account(ctx: RunContext[AdminDeps], account_id: str) -> str:
    """Permanently close a customer account and delete its data."""
    async with ctx.deps.db.acquire() as conn:
        # ruleid: missing_human_oversight
        await conn.execute("DELETE FROM accounts WHERE id = $1", account_id)
    return f"Account {account_id} closed."


@admin_agent.tool
async def find_account(ctx: RunContext[AdminDeps], email: str) -> dict | None:
    """Find an account by e-mail."""
    async with ctx.deps.db.acquire() as conn:
        # ok: missing_human_oversight
        row = await conn.fetchrow("SELECT id, email FROM accounts WHERE email = $1", email)
    return dict(row) if row else None


@admin_agent.tool
async def purge_plan_trials(ctx: RunContext[AdminDeps], plan: str) -> str:
    """Delete expired trials of one plan."""
    if plan not in PLANS:
        return "unknown plan"
    async with ctx.deps.db.acquire() as conn:
        # ok: missing_human_oversight
        await conn.execute("DELETE FROM trials WHERE plan = $1 AND expires_at < now()", plan)
    return "purged"
