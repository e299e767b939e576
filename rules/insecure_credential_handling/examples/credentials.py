import os
import subprocess

import httpx
import requests

WEATHER_KEY = os.environ["WEATHER_API_KEY"]
github_token = os.getenv("GITHUB_TOKEN")


def weather(city: str) -> dict:
    # ruleid: insecure_credential_handling[url]
    return requests.get(f"https://api.weather.example/v1/current?q={city}&api_key={WEATHER_KEY}").json()


def weather_params(city: str) -> dict:
    # ruleid: insecure_credential_handling[url]
    return httpx.get("https://api.weather.example/v1/current", params={"q": city, "key": WEATHER_KEY}).json()


def weather_header(city: str) -> dict:
    # ok: insecure_credential_handling
    return requests.get("https://api.weather.example/v1/current", params={"q": city}, headers={"Authorization": f"Bearer {WEATHER_KEY}"}).json()


def clone(repo: str) -> None:
    # ruleid: insecure_credential_handling[argv]
    subprocess.run(["git", "clone", "https://x-access-token:%s@github.com/%s.git" % (github_token, repo)], check=True)


def deploy() -> None:
    # ruleid: insecure_credential_handling[argv]
    subprocess.run(["deployctl", "--token", github_token], check=True)


def deploy_env() -> None:
    # ok: insecure_credential_handling
    subprocess.run(["deployctl", "push"], env={"DEPLOY_TOKEN": github_token or "", "PATH": os.environ["PATH"]}, check=True)


def region_status(region: str) -> int:
    # ok: insecure_credential_handling
    return requests.get(f"https://status.example.com/{region}?lang={os.environ.get('LANG', 'en')}").status_code


from langchain_core.tools import tool as lc_tool


@lc_tool
def run_python(code: str) -> str:
    """Run a Python snippet the model wrote."""
    # ruleid: insecure_credential_handling[env_inherited]
    done = subprocess.run(["python", "-c", code], env=os.environ, capture_output=True, text=True, timeout=30)
    return done.stdout


@lc_tool
def run_python_minimal(code: str) -> str:
    """Run a snippet with a minimal environment."""
    # ok: insecure_credential_handling
    done = subprocess.run(["python", "-c", code], env={"PATH": "/usr/bin"}, capture_output=True, text=True, timeout=30)
    return done.stdout
