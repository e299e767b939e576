import subprocess
import sys

from mcp.server.fastmcp import FastMCP

mcp = FastMCP("runner")


@mcp.tool()
def run_script(script_path: str, dataset: str) -> str:
    """Run one of the analysis scripts on a dataset."""
    # ruleid: code_execution[program]
    out = subprocess.run(["python3", script_path, dataset], capture_output=True, text=True)
    # ruleid: code_execution[program]
    subprocess.run([sys.executable, script_path])
    # ok: code_execution
    subprocess.run(["python3", "analysis/summary.py", dataset])
    # ok: code_execution
    subprocess.run([sys.executable, "-m", "analysis.summary", dataset])
    return out.stdout
