import subprocess
from langchain_core.tools import tool

PROBES = {
    "cpu": ["uptime"],
    "net": ["ss", "-tln"],
}


@tool
def probe(name: str) -> str:
    """Run one of the host probes: cpu or net."""
    argv = PROBES.get(name, ["true"])
    # ok: code_execution
    return subprocess.run(argv, capture_output=True, text=True, timeout=10).stdout


@tool
def probe_or_raw(name: str) -> str:
    """Run a probe, or the text itself as a program when it is not one."""
    argv = PROBES.get(name, [name])
    # ruleid: code_execution
    return subprocess.run(argv, capture_output=True, text=True).stdout
