# The same low-level transport behind Starlette's authentication middleware.
from mcp.server.lowlevel import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.routing import Mount

from .auth import TokenBackend

server = Server("inventory")
# ok: missing_authorization
manager = StreamableHTTPSessionManager(app=server)

app = Starlette(
    routes=[Mount("/mcp", app=manager.handle_request)],
    middleware=[Middleware(AuthenticationMiddleware, backend=TokenBackend())],
)
