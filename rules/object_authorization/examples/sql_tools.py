import sqlite3

from mcp.server.fastmcp import Context, FastMCP
from mcp.server.auth.middleware.auth_context import get_access_token

mcp = FastMCP("notes")
conn = sqlite3.connect("notes.db")

DELETE_NOTE = "DELETE FROM notes WHERE id = ?"


@mcp.tool()
def delete_note(note_id: int) -> str:
    """Delete a note."""
    cur = conn.cursor()
    # ruleid: object_authorization
    cur.execute(DELETE_NOTE, (note_id,))
    conn.commit()
    return "deleted"


@mcp.tool()
def rename_note(note_id: int, title: str) -> str:
    """Rename one of the caller's notes."""
    owner = get_access_token().client_id
    # ok: object_authorization
    conn.execute("UPDATE notes SET title = ? WHERE id = ? AND owner = ?", (title, note_id, owner))
    conn.commit()
    return "renamed"


@mcp.tool()
def count_notes(tag: str) -> int:
    """Count notes with a tag."""
    # ok: object_authorization
    return conn.execute("SELECT count(*) FROM notes WHERE tag = ?", (tag,)).fetchone()[0]
