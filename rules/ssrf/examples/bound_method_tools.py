from urllib.parse import urlparse

import requests
from llama_index.core.agent.workflow import FunctionAgent
from llama_index.core.tools import FunctionTool
from llama_index.llms.openai import OpenAI

DOC_HOSTS = {"docs.example.com", "status.example.com"}


class PageReader:
    """Turns pages into text for the agent; the tools are its bound methods."""

    def __init__(self, session: requests.Session | None = None):
        self.http = session or requests.Session()

    def read_page(self, url: str) -> str:
        """Download a web page and return its text."""
        # ruleid: ssrf
        return self.http.get(url, timeout=10).text[:6000]

    def read_docs(self, url: str) -> str:
        """Download a page of our documentation."""
        if urlparse(url).hostname not in DOC_HOSTS:
            return "only our documentation can be read"
        # ok: ssrf
        return self.http.get(url, timeout=10, allow_redirects=False).text[:6000]


def build_agent(reader: PageReader) -> FunctionAgent:
    tools = [
        FunctionTool.from_defaults(fn=reader.read_page, name="read_page"),
        FunctionTool.from_defaults(fn=reader.read_docs, name="read_docs"),
    ]
    return FunctionAgent(tools=tools, llm=OpenAI(model="gpt-4o-mini"), system_prompt="Summarise the pages the user names.")
