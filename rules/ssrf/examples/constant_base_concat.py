# A URL built with `+` from a module constant that fixes the scheme and host keeps that host: the caller
# only chooses the path. A constant that stops before the host (or before the host ends) does not.
import httpx
import requests
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("catalog")

CATALOG_API = "https://catalog.internal.example.com/api/v2/"
WEATHER_ROOT = "https://weather.example.org"
SCHEME = "https://"
ENDPOINTS = {"products": CATALOG_API + "products/"}


@mcp.tool()
def product_details(sku: str) -> str:
    """Look up one product."""
    endpoint = CATALOG_API + "products/" + sku
    # ok: ssrf
    return requests.get(endpoint, timeout=10).text


@mcp.tool()
def forecast(city: str, days: int) -> dict:
    """Forecast for a city."""
    # ok: ssrf
    resp = httpx.get(WEATHER_ROOT + "/forecast/" + city, params={"days": days})
    return resp.json()


@tool
def list_products(page: str) -> str:
    """List a page of products."""
    target = ENDPOINTS["products"]
    target += page
    # ok: ssrf
    return requests.get(target).text


def _get_json(path):
    # ok: ssrf
    return requests.get(CATALOG_API + path, timeout=5).json()


@mcp.tool()
def category(name: str) -> dict:
    """Products of a category."""
    return _get_json("categories/" + name)


@mcp.tool()
def reviews(sku: str, verified: bool) -> str:
    """Reviews of a product."""
    if verified:
        url = CATALOG_API + "reviews/verified/" + sku
    else:
        url = CATALOG_API + "reviews/" + sku
    # ok: ssrf
    return httpx.get(url).text


@mcp.tool()
def mirror(host: str, path: str) -> str:
    """Fetch a file from a mirror."""
    link = SCHEME + host + "/" + path
    # ruleid: ssrf
    return requests.get(link, timeout=10).text


@tool
def raw_weather(suffix: str) -> str:
    """Weather endpoint by suffix."""
    # the constant ends inside the host: `.attacker.net/` or `@attacker.net/` moves the request
    # ruleid: ssrf
    return httpx.get(WEATHER_ROOT + suffix).text


@mcp.tool()
def fetch_from(base: str, path: str) -> str:
    """Fetch a path under a base URL."""
    full = base + path
    # ruleid: ssrf
    return requests.get(full).text
