# A type check fixes what a value says only for a type that is not text: isinstance(x, str) leaves
# the content free, isinstance(x, int) does not. The check holds for an attribute it names too.
from langchain_core.tools import tool


@tool
def evaluate(expression: str) -> str:
    """Evaluate an expression."""
    if isinstance(expression, str):
        # ruleid: exec_eval
        return str(eval(expression))
    return "not text"


@tool
def scale(factor) -> str:
    """Scale by a factor."""
    if not isinstance(factor, (int, float)):
        raise TypeError("a number")
    # ok: exec_eval
    return str(eval(f"{factor} * 10"))


class Payload:
    def __init__(self, body):
        self.body = body

    def decode(self):
        if isinstance(self.body, (str, bytes)):
            # ruleid: exec_eval
            return eval(self.body)
        return self.body


@tool
def decode(body: str) -> str:
    """Decode a payload."""
    return str(Payload(body).decode())
