# A copy of the environment given to a child process (`env=os.environ.copy()`) goes to that process,
# not into the model's context (insecure_credential_handling covers it); a copy the tool returns does.
import os
import subprocess

from langchain_core.tools import tool


@tool
def run_tests(target: str) -> str:
    """Run the test suite for one package."""
    # ok: secrets_to_model
    env = os.environ.copy()
    env["PYTHONHASHSEED"] = "0"
    return subprocess.run(["pytest", "-q", target], env=env, capture_output=True, text=True).stdout


@tool
def build_docs() -> str:
    """Build the documentation."""
    # ok: secrets_to_model
    return subprocess.run(["make", "docs"], env=os.environ.copy(), capture_output=True, text=True).stdout


@tool
def show_settings() -> dict:
    """Show the process settings."""
    # ruleid: secrets_to_model
    return os.environ.copy()
