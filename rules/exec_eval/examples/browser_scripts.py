from playwright.sync_api import sync_playwright
from langchain_core.tools import tool


@tool
def page_script(js: str) -> str:
    """Run JavaScript in a headless browser page and return the result."""
    with sync_playwright() as pw:
        page = pw.chromium.launch().new_page()
        page.goto("https://intranet.example.com/dashboard")
        # ruleid: exec_eval[browser]
        result = page.evaluate(f"() => {{ {js} }}")
        # ok: exec_eval
        title = page.evaluate("document.title")
        return f"{title}: {result}"
