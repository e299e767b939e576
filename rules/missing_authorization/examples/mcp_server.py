from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes")


@mcp.tool()
def add_note(text: str) -> str:
    return text


if __name__ == "__main__":
    # ruleid: missing_authorization
    mcp.run(transport="streamable-http")
