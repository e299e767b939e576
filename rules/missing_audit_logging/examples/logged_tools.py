import logging
import shutil

from langchain_core.tools import tool

logging.basicConfig(level=logging.INFO)


@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    # ok: missing_audit_logging
    shutil.rmtree(path)
    return "deleted"
