from urllib.parse import urlparse

import httpx
import requests as http

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("web")
SEARCH = "https://search.example.com/api"
ALLOWED_HOSTS = {"docs.example.com", "status.example.com"}


def download(link):
    # ruleid: ssrf
    return http.get(link, timeout=10).text


@mcp.tool()
def read_page(page: str) -> str:
    """Read a web page."""
    return download(page)


@mcp.tool()
def search(query: str) -> dict:
    """Search the index."""
    # ok: ssrf
    first = http.get(f"{SEARCH}?q={query}", timeout=10)
    # ok: ssrf
    second = http.get(SEARCH, params={"q": query}, timeout=10)
    return {"a": first.json(), "b": second.json()}


@mcp.tool()
def fetch_doc(url: str) -> str:
    """Fetch a document from an approved host."""
    host = urlparse(url).hostname
    if url.startswith("https://") is False or host not in ALLOWED_HOSTS:
        raise ValueError("host not allowed")
    # ok: ssrf
    return httpx.get(url, follow_redirects=False, timeout=10).text


@mcp.tool()
def fetch_any(target: dict) -> str:
    """Fetch a configured endpoint."""
    options = {"url": target["endpoint"], "timeout": 5}
    # ruleid: ssrf
    return httpx.get(options["url"]).text
