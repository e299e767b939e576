# Tools registered by passing the function first, by position: their parameters are the model's.
import httpx
import requests
from langchain_core.tools import StructuredTool
from llama_index.core.tools import FunctionTool


def fetch_page(address: str) -> str:
    # ruleid: ssrf
    return requests.get(address, timeout=10).text


def fetch_doc(doc_id: str) -> str:
    # ok: ssrf
    return requests.get(f"https://docs.example.com/api/{doc_id}", timeout=10).text


async def probe(target: str) -> int:
    async with httpx.AsyncClient() as http:
        # ruleid: ssrf
        return (await http.get(target)).status_code


page_tool = StructuredTool.from_function(fetch_page, name="fetch_page", description="Fetch a web page")
doc_tool = StructuredTool.from_function(fetch_doc, name="fetch_doc", description="Fetch a document")
probe_tool = FunctionTool.from_defaults(probe, name="probe", description="Check a URL")
