# A streamable-HTTP app served by uvicorn on loopback only: nothing outside the host reaches it.
import uvicorn
from mcp.server.fastmcp import FastMCP

scratch = FastMCP("scratchpad")

# ok: missing_authorization
app = scratch.streamable_http_app()

if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=8765)
