# Containment through `p.parents`: `(ROOT / rel).resolve()` and then `ROOT not in p.parents` refuses
# every path that leaves the root.
import shutil
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


SCRATCH = Path("/srv/scratch")


@tool
def drop_scratch_dir(name: str) -> str:
    """Remove one scratch folder."""
    target = (SCRATCH / name).resolve()
    if target.parent != SCRATCH:
        return "refused"
    # ok: path_traversal
    shutil.rmtree(target)
    return "removed"


@tool
def drop_scratch_dir_checked_other(name: str, other: str) -> str:
    """Remove one scratch folder."""
    target = (SCRATCH / name).resolve()
    if (SCRATCH / other).parent != SCRATCH:
        return "refused"
    # ruleid: path_traversal
    shutil.rmtree(target)
    return "removed"
