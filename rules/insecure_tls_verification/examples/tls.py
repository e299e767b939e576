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
