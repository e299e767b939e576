# URLs rebuilt from a model-written link around a host checked against an allow-list: the path and
# query stay the model's, the host is one of the list's.
from urllib.parse import urlsplit, urlunsplit

import requests
from langchain_core.tools import tool

DOC_HOSTS = frozenset({"docs.python.org", "developer.mozilla.org"})


def _on_doc_host(link: str) -> str | None:
    parts = urlsplit(link.strip())
    site = (parts.hostname or "").lower()
    if parts.scheme != "https" or site not in DOC_HOSTS:
        return None
    return urlunsplit(("https", site, parts.path, parts.query, ""))


def _any_host(link: str) -> str | None:
    parts = urlsplit(link.strip())
    if parts.scheme != "https":
        return None
    return urlunsplit(("https", parts.netloc, parts.path, parts.query, ""))


@tool
def open_doc(link: str) -> str:
    """Open a documentation page."""
    target = _on_doc_host(link)
    if target is None:
        return "not an approved documentation site"
    # ok: ssrf
    return requests.get(target, timeout=10, allow_redirects=False).text


@tool
def open_any(link: str) -> str:
    """Open any https page."""
    target = _any_host(link)
    if target is None:
        return "https only"
    # ruleid: ssrf
    return requests.get(target, timeout=10).text


@tool
def doc_section(site: str, page: str) -> str:
    """A page of one of the documentation sites."""
    if site not in DOC_HOSTS:
        return "unknown site"
    # ok: ssrf
    return requests.get(f"https://{site}/{page}", timeout=10).text


@tool
def any_section(site: str, page: str) -> str:
    """A page of any site."""
    # ruleid: ssrf
    return requests.get(f"https://{site}/{page}", timeout=10).text
