# A webhook tool a person approves before each run: the URL the model chose is still reported, as a
# risk one severity lower; without approval it stays HIGH; a fixed host is silent either way.
import httpx
import requests as http
from agents import function_tool


@function_tool(needs_approval=True)
def notify(target: str, text: str) -> int:
    # ruleid: ssrf[approved]
    return http.post(target, json={"text": text}, timeout=5).status_code


@function_tool(needs_approval=True)
def ping(hook: dict) -> int:
    url = f"{hook['scheme']}://{hook['host']}/ping"
    # ruleid: ssrf[approved]
    return httpx.get(url).status_code


@function_tool
def notify_now(target: str, text: str) -> int:
    # ruleid: ssrf
    return http.post(target, json={"text": text}, timeout=5).status_code


@function_tool(needs_approval=True)
def notify_team(text: str) -> int:
    # ok: ssrf
    return http.post("https://hooks.example.com/team", json={"text": text}, timeout=5).status_code
