# A formula the model writes, parsed and checked node by node against an allow-list of AST kinds
# before it is compiled and evaluated: the tree holds arithmetic on names only. A deny-list of some
# kinds, or no check, leaves every other construct (calls, attributes, comprehensions) to run.
import ast

from langchain_core.tools import tool

ARITHMETIC = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Name, ast.Load, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub)


@tool
def derived_metric(formula: str, a: float, b: float) -> float:
    """Evaluate a formula over the metrics a and b."""
    tree = ast.parse(formula, mode="eval")
    for node in ast.walk(tree):
        if not isinstance(node, ARITHMETIC):
            raise ValueError(f"unsupported syntax: {type(node).__name__}")
    program = compile(tree, "<formula>", "eval")
    # ok: exec_eval
    return float(eval(program, {"__builtins__": {}}, {"a": a, "b": b}))


@tool
def derived_metric_denylist(formula: str, a: float, b: float) -> float:
    """Evaluate a formula over the metrics a and b."""
    tree = ast.parse(formula, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            raise ValueError("no calls")
    program = compile(tree, "<formula>", "eval")
    # ruleid: exec_eval
    return float(eval(program, {"__builtins__": {}}, {"a": a, "b": b}))


@tool
def derived_metric_unchecked(formula: str, a: float, b: float) -> float:
    """Evaluate a formula over the metrics a and b."""
    # ruleid: exec_eval
    return float(eval(compile(ast.parse(formula, mode="eval"), "<formula>", "eval"), {"__builtins__": {}}, {"a": a, "b": b}))
