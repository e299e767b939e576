# An MCP resource template whose parameters name the host to fetch: the client picks the address.
import httpx
from mcp.server.fastmcp import FastMCP

server = FastMCP("mirror")
ALLOWED_HOSTS = {"docs.python.org", "peps.python.org"}


@server.resource("mirror://{host}/{page}")
async def mirror(host: str, page: str) -> str:
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        resp = await client.get(f"https://{host}/{page}")
    return "<untrusted_document>\n" + resp.text + "\n</untrusted_document>"


@server.resource("pep://{host}/{number}")
def pep(host: str, number: int) -> str:
    if host not in ALLOWED_HOSTS:
        raise ValueError("host not allowed")
    # ok: ssrf
    page = httpx.get(f"https://{host}/pep-{int(number):04d}/")
    return "<untrusted_document>\n" + page.text + "\n</untrusted_document>"
