from pathlib import Path

from langchain_core.tools import tool

KNOWLEDGE = Path("/srv/knowledge")


@tool
def read_article(slug: str) -> str:
    """Read an article of the knowledge base."""
    article = KNOWLEDGE / f"{slug}.md"
    # ruleid: path_traversal
    return article.read_text(encoding="utf-8")


@tool
def drop_article(slug: str) -> str:
    """Delete an article."""
    # ruleid: path_traversal
    KNOWLEDGE.joinpath(slug).unlink()
    return "deleted"


# --- safe look-alikes ----------------------------------------------------------------------------

@tool
def read_checked(slug: str) -> str:
    """Read an article, staying inside the knowledge base."""
    article = (KNOWLEDGE / slug).resolve()
    if not article.is_relative_to(KNOWLEDGE.resolve()):
        raise ValueError("outside the knowledge base")
    # ok: path_traversal
    return article.read_text(encoding="utf-8")


@tool
def read_index() -> str:
    """The index page."""
    # ok: path_traversal
    return (KNOWLEDGE / "index.md").read_text()


@tool
def read_joined(slug: str) -> str:
    """Read an article through werkzeug's safe_join, which refuses paths leaving the base."""
    from werkzeug.security import safe_join

    # ok: path_traversal
    return Path(safe_join(str(KNOWLEDGE), slug)).read_text()
