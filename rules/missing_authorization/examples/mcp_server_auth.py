from mcp.server.auth.settings import AuthSettings
from mcp.server.fastmcp import FastMCP

from .auth import IntrospectionTokenVerifier

mcp = FastMCP(
    "notes",
    token_verifier=IntrospectionTokenVerifier("https://auth.acme-corp.net/introspect"),
    auth=AuthSettings(issuer_url="https://auth.acme-corp.net", resource_server_url="https://notes.acme-corp.net"),
)

if __name__ == "__main__":
    # ok: missing_authorization
    mcp.run(transport="streamable-http")
