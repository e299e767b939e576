# A base folder built from the program's own location (__file__, os.getcwd(), Path.home()) holds no
# outside data: a checked name joined to it stays checked; an unchecked one still reaches a file.
import os
from pathlib import Path

from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("kb")
KB_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kb")
NOTES = Path(__file__).parent / "notes"
ARTICLES = {"setup.md", "faq.md"}


@tool
def kb_article(slug: str) -> str:
    """Read a knowledge-base article."""
    if slug not in ARTICLES:
        return "unknown article"
    # ok: path_traversal
    with open(os.path.join(KB_DIR, slug)) as fh:
        return fh.read()


@mcp.tool()
def note(title: str) -> str:
    """Read a note."""
    if not title.isalnum():
        raise ValueError("bad title")
    # ok: path_traversal
    return (NOTES / f"{title}.md").read_text()


@mcp.tool()
def scratch(name: str) -> str:
    """Read a scratch file in the working folder."""
    # ruleid: path_traversal
    return open(os.path.join(os.getcwd(), "scratch", name)).read()


@tool
def kb_any(slug: str) -> str:
    """Read any knowledge-base file."""
    # ruleid: path_traversal
    return Path(KB_DIR, slug).read_text()
