# A helper that runs the argv list it is given (`def run_command(cmd): subprocess.run(cmd)`) starts
# whatever program its callers' lists start: constant programs (`["git", "tag", "-m", notes]`) are
# silent whatever data follows them; a program a tool argument names, or an interpreter given code,
# is reported at the helper's call.
import subprocess
from pathlib import Path

from langchain_core.tools import tool


def run_command(cmd: list[str], cwd: Path | None = None) -> str:
    # ok: code_execution
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=True).stdout


def publish(notes_file: Path, tag: str) -> None:
    notes = notes_file.read_text()
    run_command(["gh", "release", "create", tag, "--notes", notes])
    argv = ["git", "tag", "-a", tag, "-m", notes]
    argv.append("--force")
    run_command(argv)


def execute(cmd: list[str]) -> str:
    # ruleid: code_execution
    return subprocess.run(cmd, capture_output=True, text=True).stdout


@tool
def tool_version(program: str) -> str:
    """Print the version of a program."""
    return execute([program, "--version"])


def evaluate(cmd: list[str]) -> str:
    # ruleid: code_execution
    return subprocess.run(cmd, capture_output=True, text=True).stdout


@tool
def python_snippet(snippet: str) -> str:
    """Run a Python snippet."""
    return evaluate(["python3", "-c", snippet])


# The other way round: a helper builds the argv list and the tool runs what it returns. The list
# starts with the same program written out wherever it returns, and is only appended to after:
# the program is fixed whatever arguments the model chose.
def _trace_argv(dest: str, hops: int, flags: str | None) -> list[str]:
    cmdline = ["traceroute", "-m", str(hops)]
    if flags:
        cmdline += ["-q", flags]
    cmdline.append(dest)
    return cmdline


def _script_argv(body: str) -> list[str]:
    return ["sh", "-c", body]


@tool
def trace(dest: str, hops: int = 12, flags: str | None = None) -> str:
    """Trace the route to a host."""
    prepared = _trace_argv(dest, hops, flags)
    # ok: code_execution
    return subprocess.run(prepared, capture_output=True, text=True, timeout=60).stdout


@tool
def shell_step(body: str) -> str:
    """Run one step of a maintenance script."""
    # ruleid: code_execution
    return subprocess.run(_script_argv(body), capture_output=True, text=True).stdout


# A helper whose list starts with an entry of a constant table picked by the model's key (a failed
# lookup raises): the program is one of the table's; a helper whose list starts with a parameter
# runs whatever the caller passes.
CHECKERS = {
    "ruff": ["ruff", "check", "--output-format", "concise"],
    "mypy": ["mypy", "--no-color-output"],
}


def _checker_argv(name: str, target: str) -> list[str]:
    try:
        base = CHECKERS[name]
    except KeyError:
        raise ValueError(f"unknown checker {name!r}") from None
    return [*base, target]


def _program_argv(program: str, target: str) -> list[str]:
    return [program, "--", target]


@tool
def check(name: str, target: str = ".") -> str:
    """Run one of the configured checkers."""
    # ok: code_execution
    return subprocess.run(_checker_argv(name, target), capture_output=True, text=True).stdout


@tool
def run_program(program: str, target: str) -> str:
    """Run a program on a file."""
    argv = _program_argv(program, target)
    # ruleid: code_execution
    return subprocess.run(argv, capture_output=True, text=True).stdout
