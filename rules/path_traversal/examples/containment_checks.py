import os

from mcp.server.fastmcp import FastMCP

server = FastMCP("shared-drive")
SHARE = os.path.realpath("/srv/shared")


@server.tool()
def open_shared(relative: str) -> str:
    """Read a file of the shared drive."""
    candidate = os.path.realpath(os.path.join(SHARE, relative))
    if os.path.commonpath([SHARE, candidate]) != SHARE:
        raise PermissionError("outside the shared drive")
    # ok: path_traversal
    with open(candidate, encoding="utf-8") as handle:
        return handle.read()


@server.tool()
def stat_shared(relative: str) -> int:
    """Size of a shared file."""
    candidate = os.path.realpath(os.path.join(SHARE, relative))
    if os.path.commonpath((candidate, SHARE)) == SHARE:
        # ok: path_traversal
        with open(candidate, "rb") as handle:
            return len(handle.read())
    return -1


@server.tool()
def append_shared(relative: str, line: str) -> str:
    """Append a line to a shared file."""
    candidate = os.path.join(SHARE, relative)
    # the check's result is only logged: the write happens either way
    if os.path.commonpath([SHARE, os.path.realpath(candidate)]) != SHARE:
        print("warning: path leaves the share")
    # ruleid: path_traversal
    with open(candidate, "a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    return "ok"


def _within_share(relative: str) -> str:
    resolved = os.path.realpath(os.path.join(SHARE, relative))
    # the share itself, or a path under it (the equality written first)
    if resolved != SHARE and not resolved.startswith(SHARE + os.sep):
        raise PermissionError(relative)
    return resolved


def _near_share(relative: str) -> str:
    resolved = os.path.realpath(os.path.join(SHARE, relative))
    # an equality alone, with the prefix check on another path: no containment of this one
    if resolved != SHARE and not relative.startswith(SHARE):
        raise PermissionError(relative)
    return resolved


@server.tool()
def head_shared(relative: str) -> str:
    """First line of a shared file."""
    target = _within_share(relative)
    # ok: path_traversal
    with open(target, encoding="utf-8") as handle:
        return handle.readline()


@server.tool()
def tail_shared(relative: str) -> str:
    """Last line of a shared file."""
    target = _near_share(relative)
    # ruleid: path_traversal
    with open(target, encoding="utf-8") as handle:
        return handle.readlines()[-1]
