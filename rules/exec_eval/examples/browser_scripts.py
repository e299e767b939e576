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


# a helper given script text by its caller (of unknown origin, reported one severity lower)
def run_in_page(page, script: str):
    with sync_playwright() as pw:
        tab = pw.chromium.launch().new_page()
        # ruleid: exec_eval[browser]
        return tab.evaluate(script)


def read_text(page, selector: str):
    with sync_playwright() as pw:
        tab = pw.chromium.launch().new_page()
        # ok: exec_eval
        return tab.evaluate("(sel) => document.querySelector(sel).textContent", selector)
