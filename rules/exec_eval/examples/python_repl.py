# LangChain's PythonREPL utility runs its text with exec in the agent's process: code the model wrote
# (a tool call's arguments) runs with the agent's privileges.
import json

from langchain_experimental.utilities import PythonREPL
from openai import OpenAI

client = OpenAI()
sandboxless = PythonREPL()


def run_tool_call(messages: list) -> str:
    reply = client.chat.completions.create(model="gpt-4o", messages=messages, max_tokens=400)
    call = reply.choices[0].message.tool_calls[0]
    payload = json.loads(call.function.arguments)
    # ruleid: exec_eval
    return sandboxless.run(payload["code"])


def self_test() -> str:
    # ok: exec_eval
    return sandboxless.run("print(1 + 1)")
