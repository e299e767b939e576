from agents.mcp import MCPServerStdio
from huggingface_hub import snapshot_download
from langchain_huggingface import HuggingFaceEmbeddings
from mcp import StdioServerParameters
from transformers import AutoModelForCausalLM, AutoTokenizer

# ruleid: supply_chain_untrusted_model
model = AutoModelForCausalLM.from_pretrained("someorg/agent-7b", trust_remote_code=True)
# ok: supply_chain_untrusted_model
tokenizer = AutoTokenizer.from_pretrained("someorg/agent-7b", revision="3f1c2a9b8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b")
# ruleid: supply_chain_untrusted_model
weights = snapshot_download("someorg/agent-7b")
# ruleid: supply_chain_untrusted_model
embeddings = HuggingFaceEmbeddings(model_name="nomic-ai/nomic-embed-text-v1", model_kwargs={"trust_remote_code": True})
# ok: supply_chain_untrusted_model
local = AutoModelForCausalLM.from_pretrained("./models/agent-7b")

filesystem = StdioServerParameters(
    command="npx",
    # ruleid: supply_chain_untrusted_model
    args=["-y", "@modelcontextprotocol/server-filesystem", "/srv/data"],
)
pinned_filesystem = StdioServerParameters(
    command="npx",
    # ok: supply_chain_untrusted_model
    args=["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/srv/data"],
)

git_server = MCPServerStdio(
    name="git",
    # ruleid: supply_chain_untrusted_model
    params={"command": "uvx", "args": ["mcp-server-git"]},
)
pinned_git = MCPServerStdio(
    name="git",
    # ok: supply_chain_untrusted_model
    params={"command": "uvx", "args": ["mcp-server-git==2025.7.1"]},
)

# ruleid: supply_chain_untrusted_model
FETCH_CMD = "uvx mcp-server-fetch"
# ok: supply_chain_untrusted_model
PINNED_FETCH_CMD = "uvx --from mcp-server-fetch==2025.4.7 mcp-server-fetch"
