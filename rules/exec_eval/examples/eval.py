import ast
import json


def calculator_tool(expression: str) -> str:
    # ruleid: exec_eval
    return str(eval(expression))


def run_plan(plan: str) -> None:
    # ruleid: exec_eval
    exec(plan, {"__builtins__": {}})


def run_generated(llm, question):
    code = llm.invoke(question).content
    # ruleid: exec_eval
    exec(f"result = {code}")


def safe_parse(payload: str):
    # ok: exec_eval
    data = json.loads(payload)
    # ok: exec_eval
    value = ast.literal_eval(payload)
    # ok: exec_eval
    total = eval("1 + 2")
    return data, value, total


class Frame:
    def eval(self, expr):
        return expr


def method_named_eval(frame: Frame, expr: str):
    # ok: exec_eval
    return frame.eval(expr)
