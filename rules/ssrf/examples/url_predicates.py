# A URL's host checked against an allow-list or a constant before the request: directly, through a
# variable, or through a predicate helper of the file returning the check. A check of the scheme alone
# (`http` / `https`) fixes the protocol, not who is reached, and stays HIGH; so does a check of another
# value than the one fetched, and data glued to the checked URL with no `/` between.
from urllib.parse import urlparse, urlsplit

import httpx
import requests
from agents import function_tool

ALLOWED_HOSTS = {"api.example.com", "docs.example.com"}
PARTNER = "partner.example.com"


def host_allowed(url: str) -> bool:
    return urlparse(url).hostname in ALLOWED_HOSTS


def on_partner(link: str) -> bool:
    netloc = urlsplit(link).netloc
    if not netloc:
        return False
    return netloc == PARTNER


def is_web(url: str) -> bool:
    return urlparse(url).scheme in ("http", "https")


@function_tool
def fetch_page(url: str) -> str:
    if urlparse(url).hostname not in ALLOWED_HOSTS:
        raise ValueError("host not allowed")
    # ok: ssrf
    return requests.get(url, timeout=5).text


@function_tool
def fetch_checked(url: str) -> str:
    if not host_allowed(url):
        return "refused"
    # ok: ssrf
    return requests.get(url, timeout=5).text


@function_tool
def fetch_partner(spec: dict) -> str:
    target = spec["url"]
    if on_partner(target):
        # ok: ssrf
        return httpx.get(target).text
    return "refused"


@function_tool
def fetch_listing(base: str, page: int, sort: str) -> str:
    if urlparse(base).hostname not in ALLOWED_HOSTS:
        raise ValueError(base)
    # ok: ssrf
    return requests.get(f"{base}/items?page={page}&sort={sort}", timeout=5).text


@function_tool
def fetch_glued(base: str, rest: str) -> str:
    if urlparse(base).hostname not in ALLOWED_HOSTS:
        raise ValueError(base)
    # ruleid: ssrf
    return requests.get(base + rest, timeout=5).text


@function_tool
def fetch_any_web(url: str) -> str:
    if urlparse(url).scheme not in ("http", "https"):
        raise ValueError("only web URLs")
    # ruleid: ssrf
    return requests.get(url, timeout=5).text


@function_tool
def fetch_web_helper(url: str) -> str:
    if not is_web(url):
        raise ValueError("only web URLs")
    # ruleid: ssrf
    return requests.get(url, timeout=5).text


@function_tool
def fetch_with_referer(url: str, referer: str) -> str:
    if not host_allowed(referer):
        raise ValueError(referer)
    # ruleid: ssrf
    return requests.get(url, headers={"Referer": referer}, timeout=5).text
