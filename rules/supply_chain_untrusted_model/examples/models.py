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

# ruleid: supply_chain_untrusted_model
filesystem = StdioServerParameters(
    command="npx",
    args=["-y", "@modelcontextprotocol/server-filesystem", "/srv/data"],
)
# ok: supply_chain_untrusted_model
pinned_filesystem = StdioServerParameters(
    command="npx",
    args=["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/srv/data"],
)

# ruleid: supply_chain_untrusted_model
git_server = MCPServerStdio(
    name="git",
    params={"command": "uvx", "args": ["mcp-server-git"]},
)
# ok: supply_chain_untrusted_model
pinned_git = MCPServerStdio(
    name="git",
    params={"command": "uvx", "args": ["mcp-server-git==2025.7.1"]},
)

# ruleid: supply_chain_untrusted_model
FETCH_CMD = "uvx mcp-server-fetch"
# ok: supply_chain_untrusted_model
PINNED_FETCH_CMD = "uvx --from mcp-server-fetch==2025.4.7 mcp-server-fetch"


import shlex
import subprocess

import transformers as tf
from huggingface_hub import hf_hub_download
from langchain_mcp_adapters.client import MultiServerMCPClient

MODEL_ID = "someorg/agent-7b"
PINNED = "3f1c2a9b8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b"

# ruleid: supply_chain_untrusted_model[pinned]
reviewed = tf.AutoModel.from_pretrained(MODEL_ID, trust_remote_code=True, revision=PINNED)
# ruleid: supply_chain_untrusted_model
config = tf.AutoConfig.from_pretrained(MODEL_ID)
# ruleid: supply_chain_untrusted_model
gguf = hf_hub_download(repo_id="someorg/agent-7b-gguf", filename="model.gguf")
# ok: supply_chain_untrusted_model
pinned_gguf = hf_hub_download(repo_id="someorg/agent-7b-gguf", filename="model.gguf", revision=PINNED)
# ok: supply_chain_untrusted_model
safe_model = tf.AutoModel.from_pretrained(MODEL_ID, trust_remote_code=False, revision=PINNED)


def start_servers():
    # ruleid: supply_chain_untrusted_model
    client = MultiServerMCPClient({"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"], "transport": "stdio"}})
    # ok: supply_chain_untrusted_model
    pinned = MultiServerMCPClient({"git": {"command": "uvx", "args": ["mcp-server-git==2025.7.1"], "transport": "stdio"}})
    # ruleid: supply_chain_untrusted_model
    proc = subprocess.Popen(shlex.split("npx -y @modelcontextprotocol/server-everything stdio"))
    # ok: supply_chain_untrusted_model
    print("Install the server with npx and pin it, e.g. npx -y pkg@1.2.3")
    return client, pinned, proc
