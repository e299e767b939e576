import logging
import shutil

from langchain_core.tools import tool

logging.basicConfig(level=logging.INFO)


# ok: missing_audit_logging
@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    shutil.rmtree(path)
    return "deleted"
