# The low-level MCP server served over streamable HTTP and SSE, mounted by hand.
import contextlib

import uvicorn
from mcp.server.lowlevel import Server
from mcp.server.sse import SseServerTransport
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.routing import Mount, Route

server = Server("inventory")

# ruleid: missing_authorization
manager = StreamableHTTPSessionManager(app=server, json_response=True)
# ruleid: missing_authorization
sse = SseServerTransport("/messages/")


async def handle_sse(request):
    async with sse.connect_sse(request.scope, request.receive, request._send) as (read, write):
        await server.run(read, write, server.create_initialization_options())


@contextlib.asynccontextmanager
async def lifespan(app):
    async with manager.run():
        yield


app = Starlette(
    routes=[Mount("/mcp", app=manager.handle_request), Route("/sse", endpoint=handle_sse), Mount("/messages/", app=sse.handle_post_message)],
    lifespan=lifespan,
)

if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=3001)
