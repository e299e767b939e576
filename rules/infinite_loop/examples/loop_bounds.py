import asyncio
import time

from openai import OpenAI

client = OpenAI()


def revise(draft: str) -> str:
    laps = 0
    while True:
        # ok: infinite_loop
        reply = client.chat.completions.create(model="gpt-4o", max_tokens=500, messages=[{"role": "user", "content": draft}])
        draft = reply.choices[0].message.content or ""
        laps += 1
        if laps > 6:
            break
    return draft


def until_deadline(goal: str, seconds: float) -> str:
    stop_at = time.time() + seconds
    while True:
        # ok: infinite_loop
        answer = client.responses.create(model="gpt-4o", input=goal)
        if time.time() >= stop_at:
            raise TimeoutError(goal)
        goal = answer.output_text


def until_satisfied(goal: str) -> str:
    while True:
        # ruleid: infinite_loop
        answer = client.responses.create(model="gpt-4o", input=goal)
        verdict = answer.output_text.strip().lower()
        if verdict.startswith("done"):
            return verdict
        goal = verdict


def until_marked(goal: str) -> str:
    while True:
        # ruleid: infinite_loop
        answer = client.responses.create(model="gpt-4o", input=goal)
        at = answer.output_text.find("FINAL:")
        if at >= 0:
            return answer.output_text[at:]
        goal = answer.output_text


async def serve(websocket) -> None:
    while True:
        message = await websocket.receive_text()
        # ok: infinite_loop
        reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": message}])
        await websocket.send_text(reply.choices[0].message.content or "")
