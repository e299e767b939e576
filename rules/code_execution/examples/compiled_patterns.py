# A pattern compiled at module level validates the whole value with fullmatch, or with match when it
# is anchored at the end too.
import re
import subprocess

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")
SERVICE = re.compile(r"[a-z][a-z0-9-]{0,40}")
UNIT = re.compile(r"^[a-z][a-z0-9@._-]{0,60}$")
PREFIX = re.compile(r"[a-z]+")


@mcp.tool()
def restart(service: str) -> str:
    """Restart a service by name."""
    if not SERVICE.fullmatch(service):
        return "bad service name"
    # ok: code_execution
    return subprocess.run(f"systemctl restart {service}", shell=True, capture_output=True, text=True).stdout


@mcp.tool()
def unit_status(unit: str) -> str:
    """Status of a systemd unit."""
    if not UNIT.match(unit):
        return "bad unit name"
    # ok: code_execution
    return subprocess.run(f"systemctl status {unit}", shell=True, capture_output=True, text=True).stdout


@mcp.tool()
def journal(unit: str) -> str:
    """Journal of a unit."""
    # match is anchored only at the start: "nginx; rm -rf /" passes
    if not PREFIX.match(unit):
        return "bad unit name"
    # ruleid: code_execution
    return subprocess.run(f"journalctl -u {unit} -n 50", shell=True, capture_output=True, text=True).stdout


@mcp.tool()
def restart_unchecked(service: str) -> str:
    """Restart a service by name."""
    # ruleid: code_execution
    return subprocess.run(f"systemctl restart {service}", shell=True, capture_output=True, text=True).stdout
