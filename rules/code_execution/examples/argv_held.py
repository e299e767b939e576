import subprocess
from langchain_core.tools import tool


class Pinger:
    def __init__(self, count: int):
        self.count = count

    def ping(self, host: str) -> str:
        args = ["ping", "-c", str(self.count), "--", host]
        # ok: code_execution
        return subprocess.run(args, capture_output=True, text=True).stdout


pinger = Pinger(3)


@tool
def ping_host(host: str) -> str:
    """Ping a host."""
    return pinger.ping(host)


@tool
def run_linter(linter: str, path: str) -> str:
    """Run a linter on a file."""
    argv = [linter, "--quiet", path]
    # ruleid: code_execution
    out = subprocess.run(argv, capture_output=True, text=True)
    cmd = ["ruff", "check", "--", path]
    # ok: code_execution
    subprocess.check_output(cmd)
    return out.stdout
