# `Path(x).name` keeps only the last part of a path, like os.path.basename: joined to a base folder it
# stays inside it. The path itself, or its parent, does not.
from pathlib import Path

from mcp.server.fastmcp import FastMCP

notes = FastMCP("notes")
NOTES_DIR = Path("/srv/notes")


@notes.tool()
def read_note(note: str) -> str:
    """Read a note by file name."""
    # ok: path_traversal
    return (NOTES_DIR / Path(note).name).read_text()


@notes.tool()
def save_note(note: str, body: str) -> str:
    """Save a note by file name."""
    target = NOTES_DIR / Path(note).name
    # ok: path_traversal
    target.write_text(body)
    return target.name


@notes.tool()
def read_nested(note: str) -> str:
    """Read a note by relative path."""
    # ruleid: path_traversal
    return (NOTES_DIR / Path(note)).read_text()


@notes.tool()
def list_folder(note: str) -> str:
    """List the folder a note is in."""
    folder = NOTES_DIR / Path(note).parent
    # ruleid: path_traversal
    return "\n".join(p.name for p in folder.iterdir()) + (folder / "index.md").read_text()
