# Tools declared to the model as data and run by the application's own dispatcher (Anthropic tool
# use, OpenAI function calling): the declared function's parameters are what the model wrote.
# Also AutoGen's FunctionTool and plain functions in an AssistantAgent's tool list.
import json
from urllib.parse import urlparse

import anthropic
import httpx
import requests
from autogen_agentchat.agents import AssistantAgent
from autogen_core.tools import FunctionTool
from openai import OpenAI

PAGE_TOOLS = [
    {
        "name": "read_article",
        "description": "Download a page and return its text.",
        "input_schema": {"type": "object", "properties": {"link": {"type": "string"}}},
    },
    {
        "name": "status_of",
        "description": "Status of one of our services.",
        "input_schema": {"type": "object", "properties": {"service": {"type": "string"}}},
    },
]
KNOWN_HOSTS = {"status.example.com", "docs.example.com"}


def read_article(link: str) -> str:
    # ruleid: ssrf
    return requests.get(link, timeout=10).text


def status_of(service: str) -> str:
    # ok: ssrf
    return requests.get(f"https://status.example.com/api/{service}", timeout=5).text


def lookup(site: str) -> str:
    if urlparse(site).hostname not in KNOWN_HOSTS:
        return "refused"
    # ok: ssrf
    return requests.get(site, timeout=5).text


DISPATCH = {
    "read_article": lambda payload: read_article(str(payload.get("link", ""))),
    "status_of": lambda payload: status_of(payload["service"]),
}


def run_turn(client: anthropic.Anthropic, history: list) -> list:
    reply = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=800, tools=PAGE_TOOLS, messages=history)
    results = []
    for block in reply.content:
        if block.type == "tool_use":
            results.append({"type": "tool_result", "tool_use_id": block.id, "content": DISPATCH[block.name](block.input)})
    return results


class Researcher:
    def grab(self, address: str) -> str:
        # ruleid: ssrf
        return httpx.get(address, follow_redirects=True).text

    def ask(self, question: str) -> str:
        client = OpenAI()
        specs = [{"type": "function", "function": {"name": "grab", "parameters": {"type": "object", "properties": {"address": {"type": "string"}}}}}]
        answer = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": question}], tools=specs)
        call = answer.choices[0].message.tool_calls[0]
        return getattr(self, call.function.name)(**json.loads(call.function.arguments))


async def page_text(url: str) -> str:
    async with httpx.AsyncClient() as http:
        # ruleid: ssrf
        return (await http.get(url)).text


def crawl_url(start: str) -> str:
    # ruleid: ssrf
    return requests.get(start, timeout=10).text


def build(model_client) -> AssistantAgent:
    reader = FunctionTool(page_text, description="Read a web page by URL.")
    return AssistantAgent("reader", model_client=model_client, tools=[reader, crawl_url])
