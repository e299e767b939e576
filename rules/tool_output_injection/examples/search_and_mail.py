from agents import function_tool
from exa_py import Exa
from googleapiclient.discovery import build
from langchain_community.tools import DuckDuckGoSearchResults
from langchain_core.tools import tool
from tavily import TavilyClient

tavily = TavilyClient()
exa = Exa()
ddg = DuckDuckGoSearchResults()
gmail = build("gmail", "v1")


@function_tool
def web_search(query: str) -> str:
    """Search the web and return the top results."""
    results = tavily.search(query=query, max_results=5)["results"]
    snippets = [f"{r['title']}: {r['content']}" for r in results]
    # ruleid: tool_output_injection
    return "\n".join(snippets)


@tool
def research(topic: str) -> str:
    """Find pages about a topic."""
    found = exa.search_and_contents(topic, num_results=3, text=True)
    # ruleid: tool_output_injection
    return "\n\n".join(r.text for r in found.results)


@tool
def quick_search(q: str) -> str:
    """Search DuckDuckGo."""
    # ruleid: tool_output_injection
    return ddg.invoke(q)


@tool
def read_email(message_id: str) -> str:
    """Read one e-mail of the user's inbox."""
    msg = gmail.users().messages().get(userId="me", id=message_id).execute()
    # ruleid: tool_output_injection
    return msg["snippet"]


@function_tool
def web_search_labelled(query: str) -> str:
    """Search the web; results are wrapped as untrusted data."""
    results = tavily.search(query=query, max_results=5)["results"]
    body = "\n".join(r["content"] for r in results)
    # ok: tool_output_injection
    return f"<untrusted_search_results>\n{body}\n</untrusted_search_results>"


@tool
def result_count(query: str) -> int:
    """How many results a search finds."""
    # ok: tool_output_injection
    return len(tavily.search(query=query)["results"])
