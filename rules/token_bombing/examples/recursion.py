from openai import OpenAI

client = OpenAI()


def research(topic: str, depth: int) -> str:
    # ok: token_bombing
    notes = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": topic}])
    text = notes.choices[0].message.content or ""
    if depth <= 0:
        return text
    return text + research(text[:200], depth - 1)


class Planner:
    def plan(self, task: str) -> str:
        # ruleid: token_bombing
        step = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": task}])
        text = step.choices[0].message.content or ""
        if "SUBTASK" in text:
            return self.plan(text)
        return text


def summarize_forever(feed) -> None:
    while True:
        item = feed.next_item()
        # ruleid: token_bombing
        summary = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": item}])
        feed.publish(summary.choices[0].message.content)


def summarize_console() -> None:
    while True:
        line = input("text> ")
        # ok: token_bombing
        summary = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": line}])
        print(summary.choices[0].message.content)


def summarize_paced(feed) -> None:
    handled = 0
    while True:
        item = feed.next_item()
        # ok: token_bombing
        summary = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": item}])
        feed.publish(summary.choices[0].message.content)
        handled += 1
        if handled > feed.quota:
            break


# A size check on the model's own reply is no depth limit: the model decides when it stops.
def shrink(text: str) -> str:
    # ruleid: token_bombing
    out = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "Condense: " + text}])
    condensed = out.choices[0].message.content
    if len(condensed) > 4000:
        return shrink(condensed)
    return condensed


# A check of a local computed from a parameter bounds it (`left = budget - 1`).
def elaborate(point: str, budget: int) -> str:
    # ok: token_bombing
    out = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": point}])
    reply = out.choices[0].message.content
    left = budget - 1
    if left > 0 and "EXPAND" in reply:
        return elaborate(reply, left)
    return reply


# Halving the input each call bounds it (`len(parts) > 1` reads the parameter).
def merge_summaries(parts: list[str]) -> str:
    # ok: token_bombing
    out = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "\n".join(parts[:2])}])
    if len(parts) > 1:
        return merge_summaries([out.choices[0].message.content] + parts[2:])
    return out.choices[0].message.content


class Refiner:
    def __init__(self) -> None:
        self.passes = 0

    # The object's own counter bounds it.
    def refine(self, draft: str) -> str:
        self.passes += 1
        # ok: token_bombing
        out = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": draft}])
        better = out.choices[0].message.content
        if self.passes < 4 and better != draft:
            return self.refine(better)
        return better
