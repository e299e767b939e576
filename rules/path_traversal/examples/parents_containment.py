# Containment through `p.parents`: `(ROOT / rel).resolve()` and then `ROOT not in p.parents` refuses
# every path that leaves the root.
from pathlib import Path

from langchain_core.tools import tool

NOTES_DIR = Path("/var/agent/notes").resolve()


def _resolve_note(name: str) -> Path:
    note = (NOTES_DIR / name).resolve()
    if NOTES_DIR not in note.parents:
        raise PermissionError(name)
    return note


@tool
def open_note(name: str) -> str:
    """Read one of the user's notes."""
    note = _resolve_note(name)
    # ok: path_traversal
    return note.read_text()


@tool
def open_note_checked_inline(name: str) -> str:
    """Read one of the user's notes."""
    note = (NOTES_DIR / name).resolve()
    if NOTES_DIR not in note.parents:
        return "outside the notes folder"
    # ok: path_traversal
    return note.read_text()


@tool
def open_note_unchecked(name: str) -> str:
    """Read one of the user's notes."""
    note = (NOTES_DIR / name).resolve()
    # ruleid: path_traversal
    return note.read_text()


@tool
def open_note_wrong_check(name: str) -> str:
    """Read one of the user's notes."""
    note = (NOTES_DIR / name).resolve()
    if NOTES_DIR in note.parents:
        print("inside")
    # ruleid: path_traversal
    return note.read_text()
