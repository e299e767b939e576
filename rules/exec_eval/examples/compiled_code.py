import ast

from langchain_core.tools import tool


def infer_lang(code: str) -> str:
    """Tell Python from shell: compiling only checks the syntax, nothing runs."""
    try:
        # ok: exec_eval
        compile(code, "<check>", "exec")
        return "python"
    except SyntaxError:
        return "sh"


def is_expression(text: str) -> bool:
    try:
        # ok: exec_eval
        ast.parse(text, mode="eval")
        return True
    except SyntaxError:
        return False


@tool
def run_snippet(code: str) -> str:
    """Run a Python snippet the model writes."""
    namespace: dict = {}
    # ruleid: exec_eval
    exec(compile(code, "<snippet>", "exec"), namespace)
    return str(namespace.get("result"))


@tool
def evaluate(expression: str) -> str:
    """Evaluate an expression the model writes."""
    program = compile(expression, "<expr>", "eval")
    # ruleid: exec_eval
    return str(eval(program))
