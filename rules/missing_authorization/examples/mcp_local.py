from mcp.server.fastmcp import FastMCP

mcp = FastMCP("notes", host="127.0.0.1", port=8765)


@mcp.tool()
def add_note(text: str) -> str:
    return text


if __name__ == "__main__":
    # ok: missing_authorization
    mcp.run(transport="sse")
