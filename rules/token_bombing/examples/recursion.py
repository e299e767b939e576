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
