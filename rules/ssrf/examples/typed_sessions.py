# A client session handed to a helper as a typed parameter is still the HTTP client it was built as.
import aiohttp
import httpx
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("web")
DOCS = "https://docs.example.com/"


async def grab(session: aiohttp.ClientSession, address: str) -> str:
    # ruleid: ssrf
    async with session.get(address) as resp:
        return await resp.text()


async def grab_doc(session: aiohttp.ClientSession, slug: str) -> str:
    # ok: ssrf
    async with session.get(f"{DOCS}{slug}") as resp:
        return await resp.text()


def head(client: httpx.Client, target: str) -> int:
    # ruleid: ssrf
    return client.head(target).status_code


@mcp.tool()
async def read_page(address: str) -> str:
    async with aiohttp.ClientSession() as session:
        return await grab(session, address)


@mcp.tool()
async def read_doc(slug: str) -> str:
    async with aiohttp.ClientSession() as session:
        return await grab_doc(session, slug)


@mcp.tool()
def probe(target: str) -> int:
    with httpx.Client() as client:
        return head(client, target)
