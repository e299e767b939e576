# A loop flag that only a test of the model's answer sets (`done = "FINAL" in reply`) ends the loop
# only when the model says so, as in `while True`; a flag that a counter or a deadline also sets does
# not. A function that calls the model and then itself with no depth check recurses the same way.
import time

from openai import OpenAI

llm = OpenAI()
MAX_ROUNDS = 6


def refine(draft: str) -> str:
    finished = False
    while not finished:
        # ruleid: infinite_loop
        answer = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=[{"role": "user", "content": draft}])
        draft = answer.choices[0].message.content
        finished = "APPROVED" in draft or answer.choices[0].finish_reason == "stop" and draft.endswith("DONE")


def refine_counted(draft: str) -> str:
    finished = False
    rounds = 0
    while not finished:
        rounds += 1
        # ok: infinite_loop
        answer = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=[{"role": "user", "content": draft}])
        draft = answer.choices[0].message.content
        finished = "APPROVED" in draft or rounds >= MAX_ROUNDS


def refine_until(draft: str, budget_s: float) -> str:
    stop_at = time.monotonic() + budget_s
    finished = False
    while not finished:
        # ok: infinite_loop
        answer = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=[{"role": "user", "content": draft}])
        draft = answer.choices[0].message.content
        finished = "APPROVED" in draft
        if time.monotonic() > stop_at:
            break
    return draft


def solve(messages: list) -> str:
    # ruleid: infinite_loop[recursion]
    reply = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=messages)
    message = reply.choices[0].message
    if message.tool_calls:
        return solve(messages + [message, {"role": "tool", "tool_call_id": message.tool_calls[0].id, "content": "ok"}])
    return message.content


def solve_bounded(messages: list, depth: int = 0) -> str:
    if depth >= MAX_ROUNDS:
        return "too deep"
    # ok: infinite_loop
    reply = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=messages)
    message = reply.choices[0].message
    if message.tool_calls:
        return solve_bounded(messages + [message], depth + 1)
    return message.content


def emit_mode(mode: str):
    return print if mode == "print" else None


def stream(messages: list, mode: str = "print") -> None:
    # a local value named like the function (`stream = emit_mode(...)`) is not the function calling itself
    stream = emit_mode(mode)
    # ok: infinite_loop
    reply = llm.chat.completions.create(model="gpt-4o", max_tokens=500, messages=messages)
    stream(reply.choices[0].message.content)


# the test of the answer written as a predicate of the file (`not _approved(notes)`): the same flag
def _approved(verdict: str) -> bool:
    return verdict.strip().upper().startswith("APPROVED")


def review_until_approved(draft: str) -> str:
    again = True
    while again:
        # ruleid: infinite_loop
        verdict = llm.chat.completions.create(model="gpt-4o", max_tokens=300, messages=[{"role": "user", "content": draft}])
        notes = verdict.choices[0].message.content or ""
        again = not _approved(notes)
    return draft


def review_a_few_times(draft: str) -> str:
    again, laps = True, 0
    while again:
        laps += 1
        # ok: infinite_loop
        verdict = llm.chat.completions.create(model="gpt-4o", max_tokens=300, messages=[{"role": "user", "content": draft}])
        notes = verdict.choices[0].message.content or ""
        again = not _approved(notes) and laps < MAX_ROUNDS
    return draft
