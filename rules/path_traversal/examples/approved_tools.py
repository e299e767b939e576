# Tools a person approves before each run: the path the model chose is still reported, as a risk one
# severity lower; without approval it stays HIGH; a contained path is silent either way.
from pathlib import Path

from agents import function_tool

NOTES = Path("/srv/notes")


def save(path: str, body: str) -> None:
    # approval is looked for on the function that holds the sink (or the tool around it): a helper
    # the approved tool calls is still reported at full severity (a known limit)
    # ruleid: path_traversal
    with open(path, "w") as fh:
        fh.write(body)


@function_tool(needs_approval=True)
def write_note(filename: str, body: str) -> str:
    # ruleid: path_traversal[approved]
    (NOTES / filename).write_text(body)
    return "saved"


@function_tool(needs_approval=True)
def append_log(name: str, line: str) -> str:
    save(f"/var/log/agents/{name}", line)
    return "ok"


@function_tool
def write_now(filename: str, body: str) -> str:
    # ruleid: path_traversal
    (NOTES / filename).write_text(body)
    return "saved"


@function_tool(needs_approval=True)
def write_inside(filename: str, body: str) -> str:
    target = (NOTES / filename).resolve()
    if not target.is_relative_to(NOTES):
        raise ValueError(filename)
    # ok: path_traversal
    target.write_text(body)
    return "saved"
