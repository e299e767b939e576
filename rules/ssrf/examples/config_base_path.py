# The scheme and host come from configuration (an environment variable, a settings object); the model
# chooses only a path segment or query value after the host's '/', so it cannot pick the host: not
# SSRF. Data that starts the URL, names the host, or follows the configured host with no '/' between
# (`.evil.com`, `@evil.com` move the request) still chooses where the request goes.
import os
from urllib.parse import quote, urlencode

import httpx
import requests
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP
from pydantic_settings import BaseSettings

mcp = FastMCP("orders")
API_BASE = os.environ["ORDERS_API"]
API_HOST = os.getenv("ORDERS_HOST", "orders.internal")


class Settings(BaseSettings):
    crm_url: str = "https://crm.internal"


settings = Settings()
cfg = settings


@mcp.tool()
def order_status(order_id: str) -> str:
    """Status of an order."""
    url = f"{API_BASE}/orders/{quote(order_id, safe='')}"
    # ok: ssrf
    return requests.get(url, timeout=10).text


@mcp.tool()
def customer(name: str) -> str:
    """A customer record."""
    # ok: ssrf
    return httpx.get(settings.crm_url + "/customers/" + quote(name)).text


@tool
def search_customers(query: str) -> str:
    """Search customers."""
    # ok: ssrf
    return httpx.get(f"{cfg.crm_url}/search?{urlencode({'q': query})}").text


@tool
def host_path(sku: str) -> str:
    """A product, from the configured host."""
    # ok: ssrf
    return requests.get(f"https://{API_HOST}/products/{quote(sku)}").text


def _orders_api(path: str) -> dict:
    # ok: ssrf
    return requests.get(API_BASE + "/" + path, timeout=5).json()


@mcp.tool()
def invoices(invoice_id: str) -> dict:
    """An invoice."""
    return _orders_api("invoices/" + quote(invoice_id))


@mcp.tool()
def shipment(tracking: str) -> str:
    """A shipment, by tracking number (not escaped: the path may change, the host cannot)."""
    # ok: ssrf
    return requests.get(f"{API_BASE}/shipments/{tracking}").text


@mcp.tool()
def refund(refund_id: str) -> str:
    """A refund, URL built with str.format."""
    # ok: ssrf
    return requests.get("{}/refunds/{}".format(API_BASE, quote(refund_id))).text


@mcp.tool()
def coupon(code: str) -> str:
    """A coupon, URL built with %."""
    # ok: ssrf
    return requests.get("%s/coupons/%s" % (API_BASE, quote(code))).text


@mcp.tool()
def formatted_suffix(suffix: str) -> str:
    """The value follows the configured base directly."""
    # ruleid: ssrf
    return requests.get("{}{}".format(API_BASE, suffix)).text


@tool
def fetch_page(page_url: str) -> str:
    """Fetch a page below a URL the model gives."""
    # ruleid: ssrf
    return requests.get(f"{page_url}/index.html").text


@mcp.tool()
def from_host(host: str) -> str:
    """Fetch from a host the caller names."""
    # ruleid: ssrf
    return requests.get("https://" + host + "/" + quote(API_BASE)).text


@mcp.tool()
def suffixed(suffix: str) -> str:
    """No '/' after the configured base: `@evil.com` or `.evil.com` changes the host."""
    # ruleid: ssrf
    return requests.get(f"{API_BASE}{suffix}").text


@mcp.tool()
def after_host(part: str) -> str:
    """The configured host is followed by data, escaped or not: the host can still grow."""
    # ruleid: ssrf
    return httpx.get(f"https://{API_HOST}{quote(part)}").text
