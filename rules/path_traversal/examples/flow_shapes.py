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


class TextLoader:
    """A loader reassigns its source to what it read: the path it opens is the source it was given."""

    def load(self, source: str) -> str:
        content = source
        if os.path.exists(content):
            content = self._load_from_file(content)
        return content

    @staticmethod
    def _load_from_file(path: str) -> str:
        # ok: path_traversal
        with open(path, encoding="utf-8") as file:
            return file.read()


class NoteLoader:
    def load(self, source: str) -> str:
        content = source
        if os.path.exists(content):
            content = self._load_from_file(content)
        return content

    @staticmethod
    def _load_from_file(path: str) -> str:
        # ruleid: path_traversal
        with open(path, encoding="utf-8") as file:
            return file.read()


@function_tool
def load_note(source: str) -> str:
    """Load a note by path or text."""
    return NoteLoader().load(source)
