import aiohttp
import httpx
import requests
import urllib3
from agents import function_tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("http")
pool = urllib3.PoolManager()
API = "https://api.partner.example.com"


@function_tool
def call_endpoint(method: str, endpoint: str) -> str:
    """Call an HTTP endpoint with any method."""
    # ruleid: ssrf
    return requests.request(method, endpoint, timeout=10).text


@mcp.tool()
async def stream_body(link: str) -> str:
    """Stream a response body."""
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        async with client.stream("GET", link) as resp:
            return (await resp.aread()).decode()


@mcp.tool()
def raw_get(address: str) -> bytes:
    """Fetch with urllib3."""
    # ruleid: ssrf
    return pool.request("GET", address).data


@mcp.tool()
async def session_call(target: str) -> str:
    """Fetch through a session."""
    async with aiohttp.ClientSession() as session:
        # ruleid: ssrf
        async with session.request("POST", url=target) as resp:
            return await resp.text()


@function_tool
def partner_lookup(method: str, item: str) -> str:
    """Look an item up at the partner API."""
    # ok: ssrf
    return requests.request(method, f"{API}/items/{item}", timeout=10).text


@mcp.tool()
def partner_raw(item: str) -> bytes:
    """Fetch a partner item with urllib3."""
    # ok: ssrf
    return pool.request("GET", API + "/items/" + item).data
