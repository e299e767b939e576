import code

import _xxsubinterpreters as interpreters
from langchain_core.tools import tool


@tool
def python_console(snippet: str) -> str:
    """Feed a line to a persistent Python console."""
    console = code.InteractiveConsole(locals={})
    # ruleid: exec_eval
    more = console.push(snippet)
    # ok: exec_eval
    console.push("import math")
    return "more" if more else "done"


@tool
def isolated_run(source: str) -> str:
    """Run Python in a subinterpreter."""
    interp = interpreters.create()
    # ruleid: exec_eval
    interpreters.run_string(interp, source)
    # ok: exec_eval
    interpreters.run_string(interp, "print('ready')")
    return "ok"
