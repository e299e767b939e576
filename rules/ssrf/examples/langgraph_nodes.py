# A LangGraph node's state holds the user's input and the model's output: it is untrusted.
from typing import TypedDict
from urllib.parse import urlparse

import httpx
from langgraph.graph import END, StateGraph

DOCS_HOSTS = {"docs.example.com"}


class CrawlState(TypedDict):
    link: str
    body: str


def crawl(state: CrawlState) -> dict:
    # ruleid: ssrf
    return {"body": httpx.get(state["link"], timeout=10).text}


def crawl_docs(state: CrawlState) -> dict:
    link = state["link"]
    if urlparse(link).hostname not in DOCS_HOSTS:
        return {"body": ""}
    # ok: ssrf
    return {"body": httpx.get(link, timeout=10).text}


def status(state: CrawlState) -> dict:
    # ok: ssrf
    return {"body": httpx.get("https://status.example.com/api/v2/summary.json", timeout=10).text}


graph = StateGraph(CrawlState)
graph.add_node("crawl", crawl)
graph.add_node("crawl_docs", crawl_docs)
graph.add_node(status)
graph.set_entry_point("crawl")
graph.add_edge("crawl", "crawl_docs")
graph.add_edge("crawl_docs", "status")
graph.add_edge("status", END)
app = graph.compile()
