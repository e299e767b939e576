from agents.mcp import MCPServerStdio
from langchain_mcp_adapters.client import MultiServerMCPClient
from mcp import StdioServerParameters

GITHUB_IMAGE_ARGS = ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"]

# ruleid: supply_chain_untrusted_model[image]
github = StdioServerParameters(command="docker", args=GITHUB_IMAGE_ARGS)
# ok: supply_chain_untrusted_model
pinned_github = StdioServerParameters(command="docker", args=["run", "-i", "--rm", "ghcr.io/github/github-mcp-server@sha256:ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb"])
# ruleid: supply_chain_untrusted_model[image_tag]
tagged = StdioServerParameters(command="podman", args=["run", "-i", "--rm", "--name", "git-mcp", "mcp/git:2025.7.1"])

# ruleid: supply_chain_untrusted_model[image]
fetch = MCPServerStdio(name="fetch", params={"command": "docker", "args": ["run", "-i", "--rm", "mcp/fetch:latest"]})
# ok: supply_chain_untrusted_model
local = MCPServerStdio(name="notes", params={"command": "docker", "args": ["run", "-i", "--rm", "notes-mcp"]})


def servers():
    # ruleid: supply_chain_untrusted_model[image]
    return MultiServerMCPClient({"time": {"command": "docker", "args": ["run", "-i", "--rm", "-e", "LOCAL_TIMEZONE", "mcp/time"], "transport": "stdio"}})
