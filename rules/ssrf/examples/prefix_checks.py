# A URL checked with startswith against a prefix that ends the host (`https://api.example.com/`) can
# only reach that host; a prefix that stops at the host's name (`https://api.example.com` also
# matches `https://api.example.com.evil.io`) or only checks the scheme does not fix the host.
import httpx
from agents import function_tool

PARTNER_API = "https://partner.example.com/v1/"
PARTNER_HOST = "https://partner.example.com"


@function_tool
def partner_get(resource_url: str) -> str:
    """GET a partner API resource by its full URL."""
    if not resource_url.startswith(PARTNER_API):
        return "only partner API URLs"
    # ok: ssrf
    return httpx.get(resource_url, timeout=10).text


@function_tool
def mirror_get(link: str) -> str:
    """GET a file from one of the mirrors."""
    if link.startswith(("https://mirror-a.example.org/", "https://mirror-b.example.org/")):
        # ok: ssrf
        return httpx.get(link, timeout=10).text
    return "unknown mirror"


@function_tool
def partner_loose(resource_url: str) -> str:
    """GET a partner resource (host name prefix only)."""
    if not resource_url.startswith(PARTNER_HOST):
        return "only partner URLs"
    # ruleid: ssrf
    return httpx.get(resource_url, timeout=10).text


@function_tool
def any_https(link: str) -> str:
    """GET any HTTPS URL."""
    if not link.startswith("https://"):
        return "https only"
    # ruleid: ssrf
    return httpx.get(link, timeout=10).text
