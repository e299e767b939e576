import builtins

from langchain_core.tools import tool

_evaluate = builtins.eval
run_source = exec
parse = builtins.repr


def _calc(text):
    # ruleid: exec_eval
    return _evaluate(text, {"__builtins__": {}})


@tool
def calculator(expression: str) -> str:
    """Evaluate an arithmetic expression."""
    return str(_calc(expression))


@tool
def run_snippet(source: str) -> str:
    """Run a Python snippet."""
    # ruleid: exec_eval
    run_source(source, {})
    return "ran"


@tool
def echo(value: str) -> str:
    """Echo the value back."""
    # ok: exec_eval
    return parse(value)
