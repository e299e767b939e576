import urllib.request

import httpx
import requests
from flask import Flask, request
from langchain_community.agent_toolkits.openapi.toolkit import RequestsToolkit
from langchain_community.utilities.requests import TextRequestsWrapper
from langchain.agents import load_tools
from langchain_core.tools import tool

app = Flask(__name__)
WEATHER_API = "https://api.weather.example.com/v1"


@tool
def fetch_page(url: str) -> str:
    """Fetch a web page and return its text."""
    # ruleid: ssrf
    return requests.get(url, timeout=10).text


@tool
def weather(city: str) -> dict:
    """Current weather for a city."""
    # ok: ssrf
    return requests.get(f"https://api.weather.example.com/v1/current?city={city}", timeout=10).json()


@tool
def forecast(city: str) -> dict:
    """Forecast for a city."""
    # ok: ssrf
    return httpx.get(f"{WEATHER_API}/forecast", params={"city": city}).json()


@app.route("/preview")
def preview():
    target = request.args.get("url")
    # ruleid: ssrf
    with urllib.request.urlopen(target) as resp:
        return resp.read()


async def notify(callback_url: str):
    async with httpx.AsyncClient() as client:
        # ok: ssrf
        return await client.post(callback_url, json={"ok": True})


@tool
async def post_webhook(callback_url: str) -> int:
    """Notify a webhook."""
    async with httpx.AsyncClient() as client:
        # ruleid: ssrf
        resp = await client.post(callback_url, json={"ok": True})
        return resp.status_code


def build_toolkit():
    # ruleid: ssrf
    toolkit = RequestsToolkit(requests_wrapper=TextRequestsWrapper(headers={}), allow_dangerous_requests=True)
    # ruleid: ssrf
    tools = load_tools(["requests_get"], allow_dangerous_tools=True)
    # ok: ssrf
    safe = load_tools(["wikipedia"])
    return toolkit, tools, safe
