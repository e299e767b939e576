# What an MCP resource handler returns is read into the model's context, like a tool's result.
import sqlite3

import requests
from mcp.server.fastmcp import FastMCP

app = FastMCP("tickets")


@app.resource("tickets://{ticket_id}/comments")
def ticket_comments(ticket_id: str) -> str:
    db = sqlite3.connect("tickets.db")
    rows = db.execute("SELECT author, body FROM comments WHERE ticket = ?", (ticket_id,)).fetchall()
    lines = [f"{author}: {body}" for author, body in rows]
    # ruleid: tool_output_injection
    return "\n".join(lines)


@app.resource("web://{slug}")
def cached_page(slug: str) -> str:
    page = requests.get("https://wiki.example.com/pages/" + slug, timeout=5)
    # ruleid: tool_output_injection
    return page.text


@app.resource("web-safe://{slug}")
def cached_page_labelled(slug: str) -> str:
    page = requests.get("https://wiki.example.com/pages/" + slug, timeout=5)
    # ok: tool_output_injection
    return f"<untrusted_document source='wiki'>\n{page.text}\n</untrusted_document>"


@app.resource("status://server")
def status() -> str:
    # ok: tool_output_injection
    return "ok"
