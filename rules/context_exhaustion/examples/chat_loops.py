# Local histories sent from chat loops: a loop that waits for the user's next turn, or an endless
# agent loop, grows the list for as long as the session lasts (HIGH); a trimmed or windowed list is
# silent; a loop whose bound is not visible is still reported, rated lower.
import sys
from collections import deque

import anthropic
from openai import OpenAI

oai = OpenAI()
claude = anthropic.Anthropic()


def repl():
    transcript = []
    while True:
        said = input(">>> ")
        transcript.append({"role": "user", "content": said})
        # ruleid: context_exhaustion
        out = oai.chat.completions.create(model="gpt-4o-mini", max_tokens=300, messages=transcript)
        transcript.append({"role": "assistant", "content": out.choices[0].message.content})


def support_session(stream):
    turns = [{"role": "system", "content": "Support bot."}]
    while stream.open:
        question = stream.readline()
        turns += [{"role": "user", "content": question}]
        # ruleid: context_exhaustion
        reply = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=400, messages=turns)
        turns += [{"role": "assistant", "content": reply.content[0].text}]


def windowed():
    recent = deque(maxlen=10)
    while True:
        recent.append({"role": "user", "content": input("? ")})
        # ok: context_exhaustion
        out = oai.chat.completions.create(model="gpt-4o-mini", max_tokens=300, messages=list(recent))
        recent.append({"role": "assistant", "content": out.choices[0].message.content})


def sliced():
    log = []
    while True:
        log.append({"role": "user", "content": sys.stdin.readline()})
        log = log[-16:]
        # ok: context_exhaustion
        out = oai.chat.completions.create(model="gpt-4o-mini", max_tokens=300, messages=log)
        log.append({"role": "assistant", "content": out.choices[0].message.content})


WINDOW = 16


class Coach:
    def __init__(self, model: str = "gpt-4o-mini"):
        self._model = model
        # a fixed window, made where the session starts: the oldest turns fall out by themselves
        self.turns: deque[dict] = deque(maxlen=WINDOW)
        self.everything: list[dict] = []

    def reply(self, said: str) -> str:
        self.turns.append({"role": "user", "content": said})
        # ok: context_exhaustion
        out = oai.chat.completions.create(model=self._model, max_tokens=300, messages=[{"role": "system", "content": "Coach."}, *self.turns])
        self.turns.append({"role": "assistant", "content": out.choices[0].message.content})
        return out.choices[0].message.content

    def reply_all(self, said: str) -> str:
        self.everything.append({"role": "user", "content": said})
        # ruleid: context_exhaustion
        out = oai.chat.completions.create(model=self._model, max_tokens=300, messages=self.everything)
        self.everything.append({"role": "assistant", "content": out.choices[0].message.content})
        return out.choices[0].message.content
