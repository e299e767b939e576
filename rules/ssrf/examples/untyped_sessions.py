# A client session handed to a helper through an untyped parameter is still the HTTP client the caller
# built: every call of the helper in the file passes one.
import aiohttp
import httpx
import redis
import requests
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("research")
SHARED = requests.Session()
KB_API = "https://kb.example.com/api/"
cache = redis.Redis()


async def fetch(session, url):
    # ruleid: ssrf
    async with session.get(url, timeout=aiohttp.ClientTimeout(total=10)) as resp:
        return await resp.text()


async def fetch_article(session, slug):
    # ok: ssrf
    async with session.get(f"{KB_API}articles/{slug}") as resp:
        return await resp.json()


def _download(client, link, **kwargs):
    # ruleid: ssrf
    return client.get(link, **kwargs).content


def grab(http, link):
    return _download(http, link, timeout=5)


def remembered(store, key):
    # ok: ssrf
    return store.get(key)


@mcp.tool()
async def read_url(url: str) -> str:
    """Read a web page for the user."""
    async with aiohttp.ClientSession() as aiohttp_session:
        return await fetch(aiohttp_session, url)


@mcp.tool()
async def kb_article(slug: str) -> dict:
    """Read a knowledge-base article."""
    async with aiohttp.ClientSession() as s:
        return await fetch_article(s, slug)


@tool
def download_file(link: str) -> bytes:
    """Download a file."""
    return grab(SHARED, link)


@tool
def cached(key: str) -> str:
    """Read a cached value."""
    return remembered(cache, key)


@mcp.tool()
async def head_status(target: str) -> int:
    """Status code of a URL."""
    async with httpx.AsyncClient() as client:
        return await probe(client=client, target=target)


async def probe(client, target):
    # ruleid: ssrf
    resp = await client.head(target)
    return resp.status_code
