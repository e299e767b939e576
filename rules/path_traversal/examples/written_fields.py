# Writing one field of an object does not change what its other fields hold: a path read from a field
# the code never wrote is not the tool argument written into another one.
from types import SimpleNamespace

import yaml
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("reports")


def load_settings() -> SimpleNamespace:
    with open("settings.yaml", encoding="utf-8") as f:
        return SimpleNamespace(**yaml.safe_load(f))


@mcp.tool()
def render_report(title: str, body: str) -> str:
    """Render a report with the configured template."""
    job = load_settings()
    job.title = title
    job.body = body
    # ok: path_traversal
    with open(job.template_path, encoding="utf-8") as f:
        template = f.read()
    return template.format(title=job.title, body=job.body)


@mcp.tool()
def save_report(name: str, text: str) -> str:
    """Save a report under the given name."""
    job = load_settings()
    job.output_path = name
    # ruleid: path_traversal
    with open(job.output_path, "w", encoding="utf-8") as f:
        f.write(text)
    return "saved"
