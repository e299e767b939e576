import shutil

from langchain_core.tools import tool


# ruleid: missing_audit_logging
@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    shutil.rmtree(path)
    return "deleted"


# ok: missing_audit_logging
@tool
def archive_workspace(path: str) -> str:
    """Archive a project workspace."""
    audit_log.info("archive_workspace", extra={"path": path})
    shutil.make_archive(path, "zip", path)
    return "archived"


# ok: missing_audit_logging
@tool
def search_docs(query: str) -> str:
    """Search the documentation."""
    return query


class _Audit:
    def info(self, *args, **kwargs):
        pass


audit_log = _Audit()
