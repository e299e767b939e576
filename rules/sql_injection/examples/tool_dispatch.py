# An agent loop hands the model's tool calls to tools by name: the parsed arguments are a dict,
# not SQL text, whatever the tool's method is called. A statement read from them is text again.
import json
import sqlite3

from openai import OpenAI

from .tools import TOOLS

client = OpenAI()
conn = sqlite3.connect("app.db")


def run_agent(task: str):
    messages = [{"role": "user", "content": task}]
    for _ in range(6):
        reply = client.chat.completions.create(model="gpt-4o", messages=messages)
        msg = reply.choices[0].message
        if not msg.tool_calls:
            return msg.content
        for call in msg.tool_calls:
            arguments = json.loads(call.function.arguments)
            handler = TOOLS[call.function.name]
            # ok: sql_injection
            result = handler.execute(arguments)
            # ok: sql_injection
            TOOLS["audit"].execute(json.loads(call.function.arguments))
            # ruleid: sql_injection
            rows = conn.execute(arguments["query"]).fetchall()
            sql_text = arguments.get("sql")
            # ruleid: sql_injection
            conn.execute(sql_text)
            messages.append({"role": "tool", "tool_call_id": call.id, "content": json.dumps([result, rows])})
