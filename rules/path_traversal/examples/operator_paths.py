import argparse
import os
import shutil
import sys
from pathlib import Path

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("files")

# A command-line script opens the paths its user types: argv, argparse, stdin and input() come from
# the person running it, who already has that file access. The same code reached by a tool argument
# or a request is path traversal.


def clean_runs(runlogs_path: str, confirm: bool) -> None:
    for task_id in os.listdir(runlogs_path):
        task_path = os.path.join(runlogs_path, task_id)
        if confirm and input(f"Delete {task_path}? ") != "y":
            continue
        # ok: path_traversal
        shutil.rmtree(task_path)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="Remove incomplete runs")
    parser.add_argument("runlogs")
    parser.add_argument("--report", default="report.txt")
    args = parser.parse_args(argv or sys.argv[1:])
    clean_runs(args.runlogs, confirm=True)
    # ok: path_traversal
    Path(args.report).write_text("done", encoding="utf-8")


def export_from_prompt() -> None:
    target = input("Write the crew definition to: ").strip()
    # ok: path_traversal
    with open(target, "w", encoding="utf-8") as fh:
        fh.write("{}")


def show(path: str) -> str:
    # ok: path_traversal
    with open(path, encoding="utf-8") as fh:
        return fh.read()


if __name__ == "__main__":
    # ok: path_traversal
    print(open(sys.argv[1]).read())
    print(show(sys.argv[2]))
    main()


@mcp.tool()
def remove_run(run_dir: str) -> str:
    """Delete a run directory."""
    # ruleid: path_traversal
    shutil.rmtree(os.path.join("runs", run_dir))
    return "deleted"


@mcp.tool()
def read_report(name: str) -> str:
    """Read a report the model names."""
    # the helper the CLI uses, now reached by the model's argument
    return show_report(name)


def show_report(name: str) -> str:
    # ruleid: path_traversal
    with open(Path("reports") / name, encoding="utf-8") as fh:
        return fh.read()


def load_project(project_file: str) -> list:
    """A project file lists the agent files beside it: as trusted as the project file itself."""
    root = Path(project_file).parent
    definition = Path(project_file).read_text(encoding="utf-8")
    texts = []
    for line in definition.splitlines():
        # ok: path_traversal
        texts.append((root / "agents" / f"{line.strip()}.json").read_text(encoding="utf-8"))
    return texts


@mcp.tool()
def load_upload(manifest: str) -> str:
    """A manifest the model passes names a file: that path is the model's."""
    first = manifest.splitlines()[0]
    # ruleid: path_traversal
    return Path("uploads", first).read_text(encoding="utf-8")
