import itertools
import time

from openai import OpenAI

client = OpenAI()
MAX_STEPS = 10


def run_tool(call):
    return "ok"


def research(question: str) -> str:
    messages = [{"role": "user", "content": question}]
    while True:
        # ruleid: infinite_loop
        reply = client.chat.completions.create(model="gpt-4o", messages=messages, max_tokens=800)
        text = reply.choices[0].message.content or ""
        if "FINAL ANSWER" in text:
            return text
        messages.append({"role": "assistant", "content": text})


def tool_loop(messages, tools):
    while 1:
        # ruleid: infinite_loop
        response = client.responses.create(model="gpt-4o", input=messages, tools=tools)
        if not response.output:
            break
        messages.extend(run_tool(c) for c in response.output)


def planner(goal: str):
    for _ in itertools.count():
        # ruleid: infinite_loop
        plan = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": goal}])
        if plan.choices[0].finish_reason == "stop":
            return plan


def bounded(question: str) -> str:
    messages = [{"role": "user", "content": question}]
    # ok: infinite_loop
    for step in range(MAX_STEPS):
        reply = client.chat.completions.create(model="gpt-4o", messages=messages)
        if reply.choices[0].finish_reason == "stop":
            return reply.choices[0].message.content
    raise RuntimeError("agent did not finish within the step budget")


def counted(question: str) -> str:
    calls = 0
    # ok: infinite_loop
    while True:
        calls += 1
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}])
        if calls >= 8 or reply.choices[0].finish_reason == "stop":
            return reply.choices[0].message.content


def with_deadline(question: str) -> str:
    started = time.monotonic()
    # ok: infinite_loop
    while True:
        if time.monotonic() - started > 60:
            raise TimeoutError("agent deadline")
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}])
        if reply.choices[0].finish_reason == "stop":
            return reply.choices[0].message.content


def chat_repl() -> None:
    history = []
    # ok: infinite_loop
    while True:
        user = input("you> ")
        if user in {"quit", "exit"}:
            break
        history.append({"role": "user", "content": user})
        reply = client.chat.completions.create(model="gpt-4o", messages=history[-20:])
        print(reply.choices[0].message.content)


def poll_jobs(queue_client) -> None:
    # ok: infinite_loop
    while True:
        job = queue_client.fetch()
        if job is None:
            time.sleep(5)
