import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from langchain_community.agent_toolkits import FileManagementToolkit
from langchain_community.document_loaders import DirectoryLoader, TextLoader
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

app = FastAPI()
mcp = FastMCP("files")
BASE = Path("/srv/agent-workspace").resolve()


@mcp.tool()
def read_file(path: str) -> str:
    """Read a file from the workspace."""
    # ruleid: path_traversal
    with open(path) as f:
        return f.read()


@mcp.tool()
def read_note(name: str) -> str:
    """Read a note."""
    # ruleid: path_traversal
    return Path(os.path.join("/srv/notes", name)).read_text()


@mcp.tool()
def delete_file(path: str) -> str:
    # ruleid: path_traversal
    os.remove(path)
    return "deleted"


@tool
def read_workspace_file(name: str) -> str:
    """Read a file inside the workspace only."""
    target = (BASE / name).resolve()
    if not target.is_relative_to(BASE):
        raise ValueError("path escapes the workspace")
    # ok: path_traversal
    return Path(target).read_text()


@tool
def index_folder(folder: str) -> int:
    """Index a folder of documents."""
    # ruleid: path_traversal
    docs = DirectoryLoader(folder, glob="**/*.md").load()
    return len(docs)


@app.get("/download")
async def download(filename: str):
    # ruleid: path_traversal
    return FileResponse(f"/srv/exports/{filename}")


def load_config() -> str:
    # ok: path_traversal
    with open("config.yaml") as f:
        return f.read()


def load_corpus():
    # ok: path_traversal
    return TextLoader("./data/handbook.md").load()


def build_tools():
    # ruleid: path_traversal
    toolkit = FileManagementToolkit()
    # ok: path_traversal
    scoped = FileManagementToolkit(root_dir="/srv/agent-workspace", selected_tools=["read_file"])
    return toolkit, scoped
