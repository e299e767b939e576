# A URL kept as an entry of a record (`target["src"]`) and checked there: a check of the parsed host
# of that entry, also through a variable holding the parse, checks what is fetched with it.
from urllib.parse import urlparse

import requests
from crewai.tools import BaseTool

FEED_HOSTS = {"hnrss.org", "feeds.bbci.co.uk"}


class FeedTool(BaseTool):
    name: str = "feed"
    description: str = "Download a press feed."

    def _run(self, feed: str) -> str:
        target = {"src": feed.strip(), "timeout": 10}
        if not target["src"].startswith("https://"):
            target["src"] = "https://" + target["src"]
        parts = urlparse(target["src"])
        if parts.hostname not in FEED_HOSTS:
            return "host not permitted"
        # ok: ssrf
        return requests.get(target["src"], timeout=target["timeout"], allow_redirects=False).text


class LooseFeedTool(BaseTool):
    name: str = "loose_feed"
    description: str = "Download any feed."

    def _run(self, feed: str) -> str:
        target = {"src": feed.strip(), "mirror": feed.strip()}
        if urlparse(target["mirror"]).hostname not in FEED_HOSTS:
            return "host not permitted"
        # ruleid: ssrf
        return requests.get(target["src"], timeout=10).text
