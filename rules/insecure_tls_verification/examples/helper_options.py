import os

import httpx
import requests
from crewai.tools import BaseTool


class PolicySearch(BaseTool):
    name: str = "policy_search"
    description: str = "Search the HR policy index."

    def _request_options(self) -> dict:
        return {"timeout": 20, "headers": {"Authorization": f"Bearer {os.environ['KB_TOKEN']}"}, "verify": False}

    def _strict_options(self) -> dict:
        return {"timeout": 20, "verify": True}

    def _run(self, question: str) -> str:
        # ruleid: insecure_tls_verification
        hits = requests.get("https://kb.corp.internal/api/search", params={"q": question}, **self._request_options())
        # ok: insecure_tls_verification
        checked = requests.get("https://kb.corp.internal/api/search", params={"q": question}, **self._strict_options())
        return hits.text + checked.text


def fetch_status(url):
    # ruleid: insecure_tls_verification
    return httpx.get(url, **{"verify": False, "timeout": 5}).status_code
