from playwright.async_api import async_playwright
from playwright.sync_api import sync_playwright
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("browser")

ALLOWED = {"https://docs.example.com", "https://blog.example.com"}


@tool
def read_web_page(link: str) -> str:
    """Open a web page in a headless browser and return its text."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch()
        page = browser.new_page()
        # ruleid: ssrf
        page.goto(link)
        # ok: ssrf
        page.goto("https://docs.example.com/index.html")
        return page.inner_text("body")


@mcp.tool()
async def render_html(fragment: str, start: str) -> bytes:
    """Render an HTML fragment to a PNG."""
    async with async_playwright() as pw:
        browser = await pw.chromium.launch()
        tab = await browser.new_page()
        # ruleid: ssrf
        await tab.set_content("<html><body>" + fragment + "</body></html>")
        if start in ALLOWED:
            # ok: ssrf
            await tab.goto(start)
        return await tab.screenshot()


def snapshot(page, url):
    # ok: ssrf
    page.goto(url)


@mcp.tool()
def save_pdf(page_url: str) -> bytes:
    """Save a web page as PDF."""
    import pdfkit

    # ruleid: ssrf
    return pdfkit.from_url(page_url, False)
