import uvicorn
from mcp.server.fastmcp import FastMCP
from starlette.applications import Starlette
from starlette.routing import Mount

notes = FastMCP("notes")


@notes.tool()
def add_note(text: str) -> str:
    return text


# ruleid: missing_authorization
app = Starlette(routes=[Mount("/", app=notes.sse_app())])

if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=8000)
