import os

import requests
from mcp.types import TextContent
from crewai.tools import tool as crew_tool
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("ops")
SENTRY_TOKEN = os.environ["SENTRY_AUTH_TOKEN"]


@tool
def database_settings() -> dict:
    """Returns the database connection settings for troubleshooting."""
    # ruleid: secrets_to_model[secret_returned]
    return {
        "host": os.environ.get("DB_HOST", "localhost"),
        "url": os.environ["DATABASE_URL"],
    }


@mcp.tool()
def sentry_config() -> str:
    """Shows how the service talks to Sentry."""
    # ruleid: secrets_to_model[secret_returned]
    return f"org=acme token={SENTRY_TOKEN}"


def _stripe_key():
    return os.getenv("STRIPE_SECRET_KEY", "")


@crew_tool("Payment configuration")
def payment_config() -> str:
    """Reports the payment provider configuration."""
    key = _stripe_key()
    # ruleid: secrets_to_model[secret_returned]
    return "provider=stripe key=" + key


@tool
def forecast(city: str) -> dict:
    """Tomorrow's forecast for a city."""
    r = requests.get("https://api.weather.example/v1", params={"q": city}, headers={"X-Api-Key": os.environ["WEATHER_API_KEY"]}, timeout=5)
    data = r.json()
    # ok: secrets_to_model
    return {"city": city, "high_c": float(data["high"])}


@mcp.tool()
def integrations() -> dict:
    """Which integrations are configured."""
    # ok: secrets_to_model
    return {"slack": bool(os.environ.get("SLACK_BOT_TOKEN")), "github": "GITHUB_TOKEN" in os.environ}


@tool
def region() -> str:
    """The deployment region."""
    # ok: secrets_to_model
    return os.environ.get("AWS_REGION", "eu-west-1")


@mcp.tool()
def slack_identity() -> list[TextContent]:
    """Which Slack bot the server uses."""
    # ruleid: secrets_to_model[secret_returned]
    return [TextContent(type="text", text=os.environ["SLACK_BOT_TOKEN"])]
