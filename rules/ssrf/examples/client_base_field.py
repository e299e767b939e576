# A client whose base URL is a constant set in __init__ keeps that host in the URLs it builds; one
# whose base URL comes from the tool's arguments does not.
from urllib.parse import quote

import requests
from crewai.tools import BaseTool


class StatusTool(BaseTool):
    name: str = "status"
    description: str = "Look up a service's status"

    def __init__(self):
        super().__init__()
        self.base_url = "https://api.example.com"

    def _run(self, name: str) -> str:
        # ok: ssrf
        resp = requests.get(self.base_url + "/status/" + quote(name), timeout=10)
        return resp.text


class PageTool(BaseTool):
    name: str = "page"
    description: str = "Fetch a status page"

    def __init__(self):
        super().__init__()
        self.base_url = "https://status.example.com"

    def _run(self, page: str) -> str:
        # ok: ssrf
        resp = requests.get(f"{self.base_url}/pages/{quote(page)}", timeout=10)
        return resp.text


class ProxyTool(BaseTool):
    name: str = "proxy"
    description: str = "Fetch through a host the caller names"

    def __init__(self):
        super().__init__()
        self.base_url = "https://api.example.com"

    def _run(self, target: str) -> str:
        # ruleid: ssrf
        resp = requests.get(target + self.base_url, timeout=10)
        return resp.text


class EndpointTool(BaseTool):
    name: str = "endpoint"
    description: str = "Fetch from an endpoint the caller names"

    def _run(self, endpoint: str, item: str) -> str:
        self.base_url = endpoint
        # ruleid: ssrf
        resp = requests.get(f"{self.base_url}/items/{quote(item)}", timeout=10)
        return resp.text
