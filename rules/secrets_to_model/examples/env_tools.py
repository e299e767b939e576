import json
import os
import subprocess
from os import environ

from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")

ALLOWED_SETTINGS = {"TZ", "LOG_LEVEL", "REGION"}


@mcp.tool()
def get_env(name: str) -> str:
    """Returns a configuration value."""
    # ruleid: secrets_to_model[chosen_variable]
    return os.environ.get(name, "")


@tool
def read_setting(setting: str) -> str:
    """Reads one setting of the service."""
    key = f"APP_{setting.upper()}"
    # ruleid: secrets_to_model[chosen_variable]
    value = os.getenv(key)
    return value or "unset"


@mcp.tool()
def debug_environment() -> str:
    """Shows the runtime environment for debugging."""
    # ruleid: secrets_to_model[whole_environment]
    return json.dumps(dict(environ), indent=2)


@mcp.tool()
def list_variables() -> list[str]:
    """Lists environment variables."""
    # ruleid: secrets_to_model[whole_environment]
    return [f"{k}={v}" for k, v in os.environ.items()]


@mcp.tool()
def get_setting(name: str) -> str:
    """Returns a non-secret setting."""
    if name not in ALLOWED_SETTINGS:
        raise ValueError("unknown setting")
    # ok: secrets_to_model
    return os.environ.get(name, "")


@mcp.tool()
def region() -> str:
    """Returns the deployment region."""
    # ok: secrets_to_model
    return os.environ.get("REGION", "eu-west-1")


def load_settings(prefix: str) -> dict:
    # ok: secrets_to_model
    return {k: v for k, v in os.environ.items() if k.startswith(prefix)}


def database_url(var: str) -> str:
    # ok: secrets_to_model
    return os.getenv(var, "sqlite:///local.db")


# ruleid: secrets_to_model[secret_in_description]
@mcp.tool(description=f"Queries the billing API (key {os.environ['BILLING_API_KEY']}).")
def billing(query: str) -> str:
    return query


# ok: secrets_to_model
@mcp.tool(description=f"Queries the billing API in {os.environ.get('REGION', 'eu')}.")
def billing_region(query: str) -> str:
    return query


SETTING_PREFIXES = ("APP_", "DB_", "STRIPE_")


def _effective_settings() -> dict:
    # ruleid: secrets_to_model[whole_environment]
    return {name: value for name, value in os.environ.items() if name.startswith(SETTING_PREFIXES)}


def _worker_environment() -> dict:
    # ok: secrets_to_model
    return {name: value for name, value in os.environ.items() if name.startswith("APP_")}


@tool
def service_settings() -> dict:
    """Show the service's effective configuration."""
    return {"settings": _effective_settings()}


def restart_worker() -> None:
    subprocess.run(["systemctl", "restart", "worker"], env=_worker_environment(), check=True)
