import shlex
import subprocess as proc
from os import system as run_shell

from langchain_core.tools import tool

COMMANDS = {
    "disk": ["df", "-h"],
    "uptime": ["uptime"],
}


def run_line(line):
    # ruleid: code_execution
    return proc.run(line, shell=True, capture_output=True, text=True).stdout


@tool
def diagnose(check: str, target: str) -> str:
    """Run a diagnostic command on the host."""
    job = {"cmd": f"ping -c 1 {target}"}
    # ruleid: code_execution
    run_shell(job["cmd"])
    return run_line("traceroute %s" % target)


@tool
def status(name: str) -> str:
    """Show a predefined status."""
    argv = COMMANDS[name]
    # ok: code_execution
    return proc.run(argv, capture_output=True, text=True).stdout


@tool
def grep_logs(pattern: str) -> str:
    """Search the logs."""
    # ok: code_execution
    return proc.check_output(f"grep -r {shlex.quote(pattern)} /var/log/app", shell=True, text=True)


@tool
def run_program(program: str) -> str:
    """Run a program by name."""
    # ruleid: code_execution
    return proc.run([program, "--version"], capture_output=True, text=True).stdout


@tool
def pick(program: str) -> str:
    """Run one of the allowed programs."""
    if program not in {"uptime", "whoami"}:
        raise ValueError(program)
    # ok: code_execution
    return proc.run([program], capture_output=True, text=True).stdout


@tool
def login_shell(step: str) -> str:
    """Run one deployment step in a login shell."""
    # ruleid: code_execution
    done = proc.run(["bash", "-lc", step], capture_output=True, text=True)
    # ok: code_execution
    proc.run(["bash", "-l", "/opt/deploy/report.sh"], check=False)
    return done.stdout
