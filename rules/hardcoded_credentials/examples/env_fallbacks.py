import os

from qdrant_client import QdrantClient

SETTINGS = {
    "qdrant": {
        "url": os.getenv("QDRANT_URL", "https://qdrant.internal.acme-ai.net:6333"),
        # ruleid: hardcoded_credentials
        "api_key": os.getenv("QDRANT_API_KEY", "qd7Hk2fP9xLmQ4vR8sT1wZ3yB6nC0dE5gJuA2kW"),
    },
    # ok: hardcoded_credentials
    "openai_api_key": os.getenv("OPENAI_API_KEY"),
    # ok: hardcoded_credentials
    "search_token": os.environ.get("SEARCH_TOKEN", "replace-me-with-your-search-token"),
}

# ruleid: hardcoded_credentials
WEBHOOK_SECRET = os.environ.get("WEBHOOK_SECRET", "Zq8rT2vN6xK1mW4pL9sD3fG7hJ0bC5aE")

vectors = QdrantClient(url=SETTINGS["qdrant"]["url"], api_key=SETTINGS["qdrant"]["api_key"])
