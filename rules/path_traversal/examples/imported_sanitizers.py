from pathlib import Path

from mcp.server.fastmcp import FastMCP

from .workspace import Workspace
from .storage import helpers as storage_helpers

mcp = FastMCP("screens")
workspace = Workspace(root=Path("/srv/agent/files"))


@mcp.tool()
async def save_screenshot(file_name: str, page_url: str) -> str:
    """Take a screenshot of the page and store it under the name the model chose."""
    name = file_name if file_name.endswith(".png") else f"{file_name}.png"
    safe_name = Workspace.sanitize_filename(name)
    data = await workspace.capture(page_url)
    # ok: path_traversal
    (workspace.root / safe_name).write_bytes(data)
    return name


@mcp.tool()
def save_note(title: str, text: str) -> str:
    """Store a note beside the screenshots."""
    target = workspace.root / storage_helpers.secure_filename(title)
    # ok: path_traversal
    target.write_text(text)
    raw = workspace.root / title
    # ruleid: path_traversal
    raw.write_text(text)
    return str(target)
