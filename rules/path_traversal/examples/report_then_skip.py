# A failed containment check that reports (print, a metric, an awaited notice) and then leaves the
# branch (continue / return / raise) still guards the code after it; one that only reports does not.
import json
from pathlib import Path

from crewai import Crew
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("workspace")
WORKDIR = Path("./workdir").resolve()
stats = {"skipped": 0}


def render_components(crew: Crew) -> list[str]:
    components = json.loads(crew.kickoff().raw)
    pages = []
    for component_path in components:
        resolved = (WORKDIR / component_path).resolve()
        if not str(resolved).startswith(str(WORKDIR) + "/"):
            print(f"Warning: skipping component outside workdir: {component_path}")
            stats["skipped"] += 1
            continue
        # ok: path_traversal
        with open(resolved, encoding="utf-8") as f:
            pages.append(f.read())
    return pages


async def notify(message: str) -> None:
    print(message)


@mcp.tool()
async def read_note(name: str) -> str:
    """Read a note from the workspace."""
    target = (WORKDIR / "notes" / name).resolve()
    if not target.is_relative_to(WORKDIR):
        await notify(f"blocked path {name}")
        raise PermissionError(name)
    # ok: path_traversal
    return target.read_text()


@mcp.tool()
def read_report(name: str) -> str:
    """Read a report."""
    target = (WORKDIR / "reports" / name).resolve()
    if not target.is_relative_to(WORKDIR):
        print(f"suspicious path requested: {name}")
    # ruleid: path_traversal
    return open(target).read()
