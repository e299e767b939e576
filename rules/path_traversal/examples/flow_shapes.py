import os
from pathlib import Path

from agents import function_tool

BASE = Path("/srv/notes").resolve()
UPLOADS = "/srv/uploads"


def note_path(name):
    return os.path.join(UPLOADS, name)


@function_tool
def read_note(name: str) -> str:
    """Read a note by name."""
    # ruleid: path_traversal
    with open(note_path(name)) as fh:
        return fh.read()


@function_tool
def read_note_safely(name: str) -> str:
    """Read a note inside the notes folder."""
    target = (BASE / name).resolve()
    if not target.is_relative_to(BASE):
        raise PermissionError(name)
    # ok: path_traversal
    return target.read_text()


@function_tool
def read_upload(name: str) -> bytes:
    """Read an uploaded file."""
    full = os.path.realpath(os.path.join(UPLOADS, name))
    if not full.startswith(UPLOADS + os.sep):
        raise PermissionError(name)
    # ok: path_traversal
    with open(full, "rb") as fh:
        return fh.read()


@function_tool
def delete_upload(name: str) -> None:
    """Delete an uploaded file."""
    # ok: path_traversal
    os.remove(os.path.join(UPLOADS, os.path.basename(name)))


@function_tool
def archive(request: dict) -> None:
    """Archive a file."""
    spec = {"src": request["path"]}
    # ruleid: path_traversal
    os.remove(spec["src"])
