import ssl

import httpx
import requests


def call_tool_api(url: str, payload: dict) -> dict:
    # ruleid: insecure_tls_verification
    response = requests.post(url, json=payload, verify=False, timeout=10)
    return response.json()


# ruleid: insecure_tls_verification
client = httpx.Client(base_url="https://mcp.internal", verify=False)

# ruleid: insecure_tls_verification
context = ssl._create_unverified_context()


def safe_call(url: str, payload: dict) -> dict:
    # ok: insecure_tls_verification
    response = requests.post(url, json=payload, verify="/etc/ssl/internal-ca.pem", timeout=10)
    # ok: insecure_tls_verification
    other = requests.get(url, verify=True, timeout=10)
    return {**response.json(), **other.json()}


# ok: insecure_tls_verification
strict_context = ssl.create_default_context(cafile="/etc/ssl/internal-ca.pem")


import aiohttp
import requests as r
from httpx import AsyncClient


def session_for(token: str) -> r.Session:
    session = r.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    # ruleid: insecure_tls_verification
    session.verify = False
    return session


def tool_client() -> AsyncClient:
    options = {"timeout": 30}
    # ruleid: insecure_tls_verification
    return AsyncClient(verify=False, **options)


async def fetch_page(url: str) -> str:
    async with aiohttp.ClientSession() as http:
        # ruleid: insecure_tls_verification
        async with http.get(url, ssl=False) as resp:
            return await resp.text()


# ruleid: insecure_tls_verification
ssl._create_default_https_context = ssl._create_unverified_context


def pinned_session(bundle: str) -> r.Session:
    session = r.Session()
    # ok: insecure_tls_verification
    session.verify = bundle
    return session


def check_signature(verifier, payload: bytes) -> bool:
    # ok: insecure_tls_verification
    return verifier.check(payload, verify=True)
