import httpx
from google.adk.agents import Agent


class PageFetcher:
    """Fetches pages with the client it is given."""

    def __init__(self, client: httpx.Client) -> None:
        self._client = client

    def text(self, page_url: str) -> str:
        # ruleid: ssrf
        return self._client.get(page_url).text[:8000]

    def status(self) -> int:
        # ok: ssrf
        return self._client.get("https://status.example.com/health").status_code


_fetcher = PageFetcher(httpx.Client(timeout=10.0, follow_redirects=True))


def fetch_vendor_page(url: str) -> dict:
    """Fetch a vendor's web page.

    Args:
        url: Full address of the page.
    """
    return {"content": _fetcher.text(url), "up": _fetcher.status()}


root_agent = Agent(name="vendor_review", model="gemini-2.0-flash", instruction="Review vendors.", tools=[fetch_vendor_page])
