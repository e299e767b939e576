import paramiko
from fabric import Connection
from langchain_core.tools import tool

ALLOWED = {"uptime", "df -h", "free -m"}


@tool
def remote_exec(host: str, command: str) -> str:
    """Run a diagnostic command on one of the fleet's hosts."""
    ssh = paramiko.SSHClient()
    ssh.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    ssh.connect(host, username="ops")
    # ruleid: code_execution[shell]
    _, out, _ = ssh.exec_command(f"cd /srv/app && {command}")
    if command in ALLOWED:
        # ok: code_execution
        ssh.exec_command(command)
    # ok: code_execution
    ssh.exec_command("uptime")
    return out.read().decode()


@tool
def tail_log(service: str) -> str:
    """Show the last lines of a service's log on the app server."""
    # ruleid: code_execution[shell]
    return Connection("app.internal").run("journalctl -n 50 -u " + service, hide=True).stdout
