import shutil

from langchain_core.tools import tool


@tool
def delete_workspace(path: str) -> str:
    """Delete a project workspace."""
    # ruleid: missing_audit_logging
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


def _purge(path: str) -> None:
    shutil.rmtree(path)


@tool
def reset_cache(name: str) -> str:
    """Reset a cache directory."""
    # ruleid: missing_audit_logging
    _purge(f"/var/cache/{name}")
    return "reset"


@tool
def remove_upload(name: str) -> str:
    """Remove an uploaded file."""
    audit_log.info("remove_upload", extra={"name": name})
    # ok: missing_audit_logging
    shutil.rmtree(f"/srv/uploads/{name}")
    return "removed"


@tool
def send_message(channel: str, text: str) -> str:
    """Draft a message; a person sends it."""
    # ok: missing_audit_logging
    return f"Draft for {channel}: {text}"
