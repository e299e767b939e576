# Validators of the file called for their effect: they raise unless the path stays inside the root,
# so the tool goes on only with a contained path. One that checks something else (its length)
# proves nothing about where the path leads.
from pathlib import Path

from langchain_core.tools import tool

DOCS = Path("/srv/handbook").resolve()


def _ensure_within_docs(candidate: Path) -> None:
    if not candidate.resolve().is_relative_to(DOCS):
        raise PermissionError(f"{candidate} is outside the handbook")


def _ensure_short(candidate: Path) -> None:
    if len(str(candidate)) > 200:
        raise ValueError("path too long")


@tool
def handbook_page(page: str) -> str:
    """Read a page of the handbook."""
    location = DOCS / page
    _ensure_within_docs(location)
    # ok: path_traversal
    return location.read_text()


@tool
def handbook_short(page: str) -> str:
    """Read a page of the handbook."""
    location = DOCS / page
    _ensure_short(location)
    # ruleid: path_traversal
    return location.read_text()


@tool
def handbook_markdown(page: str) -> str:
    """Read a markdown page of the handbook."""
    location = DOCS / page
    # (`../../etc/secrets.md` ends in .md too: an extension check does not keep a path inside the root)
    if location.suffix != ".md":
        raise ValueError("only markdown pages")
    # ruleid: path_traversal
    return location.read_text()
