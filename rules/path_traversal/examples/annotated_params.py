# Tool parameters annotated Literal[...] or int / float / bool are validated by the framework
# (FastMCP, LangChain @tool, Agents SDK: pydantic) before the function runs: one of the listed values
# or a number, never a path. A str parameter is whatever the model wrote.
from typing import Literal

from agents import function_tool
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("docs")
Lang = Literal["en", "de", "fr"]


@mcp.tool()
def read_guide(lang: Literal["en", "de"], chapter: int) -> str:
    """Read a chapter of the guide in a language."""
    # ok: path_traversal
    with open(f"/srv/guide/{lang}/chapter-{chapter}.md") as fh:
        return fh.read()


@tool
def read_glossary(lang: Lang) -> str:
    """Read the glossary for a language."""
    # ok: path_traversal
    with open("/srv/glossary/" + lang + ".txt") as fh:
        return fh.read()


@function_tool
def read_page(page: str) -> str:
    """Read a page by file name."""
    # ruleid: path_traversal
    with open(f"/srv/guide/{page}") as fh:
        return fh.read()
