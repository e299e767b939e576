# A client built with its API's base URL (a constructor argument): ids from the model or from the
# API's own answers only go into the path or query on that host. Data that starts the URL, names the
# host, or follows the base with no separator still moves the request.
import time

import requests
from crewai.tools import BaseTool


class AutomationTool(BaseTool):
    name: str = "run_automation"
    description: str = "Start a remote automation and wait for its result"

    def __init__(self, api_url: str, token: str):
        super().__init__()
        self.api_url = api_url
        self.token = token

    def _run(self, inputs: str, report_id: str) -> str:
        started = requests.post(f"{self.api_url}/kickoff", json={"inputs": inputs}, timeout=30).json()
        job_id = started["job_id"]
        for _ in range(20):
            # ok: ssrf
            status = requests.get(f"{self.api_url}/status/{job_id}", timeout=30).json()
            if status["state"] == "done":
                break
            time.sleep(2)
        # ok: ssrf
        report = requests.get("{}/reports/{}".format(self.api_url, report_id), timeout=30)
        return self._get(f"reports/{report_id}") + report.text

    def _get(self, path: str) -> str:
        # ok: ssrf
        return requests.get(f"{self.api_url}/{path}", timeout=30).text


class ProxyTool(BaseTool):
    name: str = "proxy_fetch"
    description: str = "Fetch a resource through the gateway"

    def __init__(self, gateway: str):
        super().__init__()
        self.gateway = gateway

    def _run(self, suffix: str, host: str, url: str) -> str:
        # `suffix` right after the base can be `@evil.example` or `.evil.example`
        # ruleid: ssrf
        first = requests.get(f"{self.gateway}{suffix}", timeout=30).text
        # ruleid: ssrf
        second = requests.get(f"https://{host}/status/{suffix}", timeout=30).text
        # ruleid: ssrf
        third = requests.get(f"{url}/status", timeout=30).text
        return first + second + third
