# A file name that fully matches a pattern without `/` or `\` stays in its folder; a class that
# allows `/` (`[\w./-]+`) lets `../` through.
import re
from pathlib import Path

from agents import function_tool

NOTES = Path("/srv/notes")
NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@function_tool
def read_note(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", name):
        raise ValueError(name)
    # ok: path_traversal
    with open(f"/srv/notes/{name}.md") as fh:
        return fh.read()


@function_tool
def read_draft(name: str) -> str:
    if not NAME.match(name):
        raise ValueError(name)
    # ok: path_traversal
    return (NOTES / "drafts" / name).read_text()


@function_tool
def read_nested(name: str) -> str:
    if not re.fullmatch(r"[A-Za-z0-9_./-]+", name):
        raise ValueError(name)
    # ruleid: path_traversal
    with open(f"/srv/notes/{name}") as fh:
        return fh.read()
