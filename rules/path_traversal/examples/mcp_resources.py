# MCP resource handlers: the client fills the URI template's parameters ({path}, {name}), so they are
# as untrusted as a tool's arguments.
from pathlib import Path

from fastmcp import FastMCP as Server

docs = Server("docs-server")
NOTES_ROOT = Path("/srv/notes").resolve()


@docs.resource("file:///{path}")
def raw_file(path: str) -> str:
    """Any file on the server, by path."""
    # ruleid: path_traversal
    with open(path, encoding="utf-8") as fh:
        return fh.read()


@docs.resource("notes://{folder}/{name}")
async def note(folder: str, name: str) -> str:
    target = Path(NOTES_ROOT, folder, f"{name}.md")
    # ruleid: path_traversal
    return target.read_text()


@docs.resource("notes://safe/{name}")
def safe_note(name: str) -> str:
    target = (NOTES_ROOT / name).resolve()
    if not target.is_relative_to(NOTES_ROOT):
        raise ValueError("outside the notes folder")
    # ok: path_traversal
    return target.read_text()


@docs.resource("config://app")
def app_config() -> str:
    # ok: path_traversal
    return Path("/etc/agent/app.toml").read_text()



@docs.resource("notes://checked/{folder}/{name}")
def checked_note(folder: str, name: str) -> str:
    # building a Path opens nothing: the containment check below comes before the read
    # ok: path_traversal
    target = Path(NOTES_ROOT, folder, name).resolve()
    if not target.is_relative_to(NOTES_ROOT.resolve()):
        raise ValueError("outside the notes folder")
    return target.read_text()
