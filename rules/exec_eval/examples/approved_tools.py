# A calculator tool that needs a person's approval before each run: the model's expression still
# reaches eval, reported as a risk one severity lower (variant approved, not pinned here: the harness
# tests run a copy of this rule without the framework models); without approval it stays CRITICAL.
from agents import function_tool


def evaluate(text: str):
    # ruleid: exec_eval
    return eval(text)


@function_tool(needs_approval=True)
def calc(expression: str) -> str:
    code = f"result = ({expression})"
    scope: dict = {}
    # ruleid: exec_eval
    exec(code, scope)
    return str(scope["result"])


@function_tool
def calc_now(expression: str) -> str:
    # ruleid: exec_eval
    return str(eval(expression))


@function_tool(needs_approval=True)
def calc_fixed() -> str:
    # ok: exec_eval
    return str(eval("2 + 2"))
