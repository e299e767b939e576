# A tool class whose API base is a class attribute: only the query string varies.
import urllib.parse
import urllib.request

from crewai.tools import BaseTool


class PaperSearchTool(BaseTool):
    name: str = "paper_search"
    description: str = "Search papers by keyword"
    API_ROOT = "https://export.arxiv.org/api/query"

    def _run(self, keywords: str, limit: int = 5) -> str:
        return self._fetch(keywords, limit)

    def _fetch(self, keywords: str, limit: int) -> str:
        url = f"{self.API_ROOT}?search_query={urllib.parse.quote(keywords)}&max_results={limit}"
        # ok: ssrf
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.read().decode("utf-8")


class MirrorTool(BaseTool):
    name: str = "mirror"
    description: str = "Fetch a page from a mirror host"
    LANDING = "https://%s/index.html"

    def _run(self, mirror: str) -> str:
        # ruleid: ssrf
        with urllib.request.urlopen(self.LANDING % mirror, timeout=10) as response:
            return response.read().decode("utf-8")
