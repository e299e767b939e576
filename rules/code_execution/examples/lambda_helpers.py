# A module-level lambda that wraps a sink is that sink under another name: the finding is at each call.
import os
import shlex

from langchain_core.tools import tool

sh = lambda cmdline: os.system(cmdline)


@tool
def purge(folder: str) -> str:
    """Delete the files of a scratch folder."""
    # ruleid: code_execution
    sh("rm -rf /tmp/scratch/" + folder)
    return "done"


@tool
def purge_quoted(folder: str) -> str:
    """Delete the files of a scratch folder."""
    # ok: code_execution
    sh("rm -rf /tmp/scratch/" + shlex.quote(folder))
    return "done"


@tool
def purge_all() -> str:
    """Delete every scratch file."""
    # ok: code_execution
    sh("rm -rf /tmp/scratch/*")
    return "done"
