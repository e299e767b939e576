# A client given a base URL sends every relative request to that host, and web loaders / readers
# download the pages they are given: a base URL or page the model chose picks the host. A fixed base
# URL, or a page checked against allowed hosts, does not.
from urllib.parse import urlparse

import aiohttp
import httpx
from langchain_community.document_loaders import RecursiveUrlLoader, WebBaseLoader
from langchain_core.tools import tool
from llama_index.readers.web import SimpleWebPageReader

DOCS_HOSTS = {"docs.python.org", "peps.python.org"}


@tool
def service_health(service_url: str) -> str:
    """Check the health endpoint of a service."""
    # ruleid: ssrf
    with httpx.Client(base_url=service_url, timeout=5) as api:
        return api.get("/healthz").text


@tool
async def service_version(root: str) -> str:
    """Read a service's version."""
    # ruleid: ssrf
    async with aiohttp.ClientSession(base_url=root) as http:
        async with http.get("/version") as resp:
            return await resp.text()


@tool
def summarise_page(link: str) -> str:
    """Load a web page for summarising."""
    # ruleid: ssrf
    pages = WebBaseLoader(web_path=link).load()
    return pages[0].page_content[:3000]


@tool
def crawl_site(start: str) -> str:
    """Crawl a site two levels deep."""
    # ruleid: ssrf
    docs = RecursiveUrlLoader(start, max_depth=2).load()
    return "\n".join(d.metadata["source"] for d in docs)


@tool
def read_pages(first: str, second: str) -> str:
    """Read two pages."""
    # ruleid: ssrf
    docs = SimpleWebPageReader(html_to_text=True).load_data([first, second])
    return docs[0].text


@tool
def status_page() -> str:
    """Fetch the vendor's status page."""
    # ok: ssrf
    with httpx.Client(base_url="https://status.example.com", timeout=5) as api:
        return api.get("/api/v2/status.json").text


@tool
def docs_page(address: str) -> str:
    """Load a page of the Python documentation."""
    if urlparse(address).hostname not in DOCS_HOSTS:
        return "only docs.python.org pages"
    # ok: ssrf
    return WebBaseLoader(address).load()[0].page_content
