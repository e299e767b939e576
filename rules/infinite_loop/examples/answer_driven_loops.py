# Agent loops that run while the model keeps asking for tools: only the answer the body last received
# decides whether they run again, as in `while True`. A counter or a deadline in the condition, or a
# loop that consumes a finite queue, bounds them.
import time

import anthropic
from openai import AsyncOpenAI, OpenAI

claude = anthropic.Anthropic()
gpt = OpenAI()
agpt = AsyncOpenAI()
MAX_STEPS = 8


def tool_loop(question: str, tools: list) -> str:
    history = [{"role": "user", "content": question}]
    reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=tools, messages=history)
    while reply.stop_reason == "tool_use":
        history.append({"role": "assistant", "content": reply.content})
        # ruleid: infinite_loop
        reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=tools, messages=history)
    return reply.content[0].text


async def calls_loop(question: str, tools: list) -> str:
    convo = [{"role": "user", "content": question}]
    message = (await agpt.chat.completions.create(model="gpt-4o", messages=convo, tools=tools)).choices[0].message
    while message.tool_calls:
        convo.append({"role": "tool", "tool_call_id": message.tool_calls[0].id, "content": "done"})
        # ruleid: infinite_loop
        message = (await agpt.chat.completions.create(model="gpt-4o", messages=convo, tools=tools)).choices[0].message
    return message.content


def counted(question: str, tools: list) -> str:
    history = [{"role": "user", "content": question}]
    reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=tools, messages=history)
    step = 0
    while reply.stop_reason == "tool_use" and step < MAX_STEPS:
        step += 1
        # ok: infinite_loop
        reply = claude.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=tools, messages=history)
    return reply.content[0].text


def deadline(question: str) -> str:
    started = time.monotonic()
    out = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]).choices[0].message
    while out.tool_calls:
        if time.monotonic() - started > 60:
            break
        # ok: infinite_loop
        out = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]).choices[0].message
    return out.content


def drain(jobs: list) -> list:
    results = []
    while jobs:
        job = jobs.pop()
        # ok: infinite_loop
        results.append(gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": job}]))
    return results


def flagged(question: str) -> str:
    done = False
    turns = 0
    text = ""
    while not done:
        turns += 1
        # ok: infinite_loop
        text = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]).choices[0].message.content
        done = turns >= MAX_STEPS or "FINAL" in text
    return text


def ask_person(question: str) -> bool:
    return input(f"{question} [y/N] ").strip().lower() == "y"


def reviewed(question: str) -> str:
    draft = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]).choices[0].message
    while draft.content:
        if ask_person(f"Accept this draft?\n{draft.content}"):
            break
        # ok: infinite_loop
        draft = gpt.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}]).choices[0].message
    return draft.content or ""


async def approvals(agent, task: str):
    from agents import Runner

    result = await Runner.run(agent, task)
    while result.interruptions:
        state = result.to_state()
        for pending in result.interruptions:
            if pending.name == "read_file":
                state.approve(pending)
            else:
                state.reject(pending)
        # ok: infinite_loop
        result = await Runner.run(agent, state)
    return result.final_output
