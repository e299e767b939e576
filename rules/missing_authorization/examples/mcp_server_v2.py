# The Python SDK's v2 server class (MCPServer), served over streamable HTTP.
from mcp.server import MCPServer

catalog = MCPServer("catalog")


@catalog.tool()
def search(query: str) -> list[str]:
    return [query]


if __name__ == "__main__":
    # ruleid: missing_authorization
    catalog.run(transport="streamable-http")
