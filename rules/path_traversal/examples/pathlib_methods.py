# Path methods: the path is the Path object itself; their first argument is the data written, a
# mode or an encoding. Writing untrusted text to a fixed file is no traversal.
import json
from pathlib import Path

from langchain_core.tools import tool

NOTES = Path("/srv/agent/notes")
CACHE = Path(".cache/answers.json")


@tool
def save_note(name: str, text: str) -> str:
    """Save a note under the given name."""
    # ruleid: path_traversal
    (NOTES / name).write_text(text, encoding="utf-8")
    return "saved"


@tool
def append_note(name: str, text: str) -> str:
    """Append to a note."""
    # ruleid: path_traversal
    with Path(NOTES, name).open("a") as fh:
        fh.write(text)
    return "ok"


@tool
def remember(question: str, answer: str) -> str:
    """Cache an answer."""
    cache = json.loads(CACHE.read_text()) if CACHE.exists() else {}
    cache[question] = answer
    # ok: path_traversal
    CACHE.write_text(json.dumps(cache))
    # ok: path_traversal
    with CACHE.open("r", encoding="utf-8") as fh:
        return fh.read()[:100]
