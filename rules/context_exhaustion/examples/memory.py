from collections import defaultdict, deque

import anthropic
from crewai import Agent
from fastapi import FastAPI
import crewai
import langchain.memory as lc_memory
from langchain.memory import ConversationBufferMemory, ConversationBufferWindowMemory, ConversationSummaryBufferMemory
from openai import OpenAI

client = OpenAI()
claude = anthropic.Anthropic()
app = FastAPI()
sessions: dict[str, list] = {}
transcripts = defaultdict(list)


def memories(llm):
    # ruleid: context_exhaustion
    unbounded = ConversationBufferMemory(return_messages=True)
    # ok: context_exhaustion
    windowed = ConversationBufferWindowMemory(k=8, return_messages=True)
    # ok: context_exhaustion
    summarised = ConversationSummaryBufferMemory(llm=llm, max_token_limit=2000)
    return unbounded, windowed, summarised


def crew_agent(llm):
    return Agent(
        role="Analyst",
        goal="Analyse",
        backstory="Detail-oriented",
        llm=llm,
        # ruleid: context_exhaustion
        respect_context_window=False,
    )


def crew_agents(llm):
    settings = {"llm": llm, "respect_context_window": False}
    # ruleid: context_exhaustion
    writer = crewai.Agent(role="Writer", goal="Write", backstory="Terse", **settings)
    # ok: context_exhaustion
    editor = crewai.Agent(role="Editor", goal="Edit", backstory="Careful", llm=llm, respect_context_window=True)
    # ruleid: context_exhaustion
    history = lc_memory.ConversationBufferMemory(memory_key="chat_history")
    # ok: context_exhaustion
    local = ConversationBufferMemoryLike()
    return writer, editor, history, local


class ConversationBufferMemoryLike:
    """A look-alike of the project's own, bounded."""


@app.post("/chat/{session_id}")
def chat(session_id: str, text: str) -> str:
    history = sessions.setdefault(session_id, [])
    history.append({"role": "user", "content": text})
    # ruleid: context_exhaustion
    reply = client.chat.completions.create(model="gpt-4o", messages=history)
    answer = reply.choices[0].message.content
    history.append({"role": "assistant", "content": answer})
    return answer


def support_turn(ticket: str, message: str) -> str:
    transcripts[ticket].append({"role": "user", "content": message})
    # ruleid: context_exhaustion
    out = claude.messages.create(model="claude-sonnet-4-5", max_tokens=800, messages=transcripts[ticket])
    return out.content[0].text


class Assistant:
    def __init__(self) -> None:
        self.turns = []

    def ask(self, question: str) -> str:
        self.turns.append({"role": "user", "content": question})
        # ruleid: context_exhaustion
        r = client.responses.create(model="gpt-4o", input=self.turns)
        self.turns.append({"role": "assistant", "content": r.output_text})
        return r.output_text


@app.post("/bounded/{session_id}")
def bounded_chat(session_id: str, text: str) -> str:
    history = sessions.setdefault(session_id, [])
    history.append({"role": "user", "content": text})
    # ok: context_exhaustion
    reply = client.chat.completions.create(model="gpt-4o", messages=history[-20:])
    return reply.choices[0].message.content


class TrimmedAssistant:
    def __init__(self) -> None:
        self.turns = []

    def ask(self, question: str) -> str:
        self.turns.append({"role": "user", "content": question})
        if len(self.turns) > 30:
            self.turns.pop(0)
        # ok: context_exhaustion
        r = client.responses.create(model="gpt-4o", input=self.turns)
        return r.output_text


@app.post("/once")
def one_shot(text: str) -> str:
    messages = [{"role": "system", "content": "Be brief."}]
    messages.append({"role": "user", "content": text})
    # ok: context_exhaustion
    return client.chat.completions.create(model="gpt-4o", messages=messages).choices[0].message.content


def research_loop(task: str) -> str:
    messages = [{"role": "user", "content": task}]
    while True:
        # ruleid: context_exhaustion
        reply = client.chat.completions.create(model="gpt-4o", messages=messages, max_tokens=500)
        text = reply.choices[0].message.content or ""
        messages.append({"role": "assistant", "content": text})
        if "DONE" in text:
            return text
        messages += [{"role": "user", "content": "Continue."}]


def trimmed_loop(task: str) -> str:
    messages = [{"role": "user", "content": task}]
    while True:
        # ok: context_exhaustion
        reply = client.chat.completions.create(model="gpt-4o", messages=messages[-12:], max_tokens=500)
        text = reply.choices[0].message.content or ""
        messages.append({"role": "assistant", "content": text})
        if "DONE" in text:
            return text


def repl() -> None:
    history = []
    while True:
        question = input("you> ")
        history.append({"role": "user", "content": question})
        # ruleid: context_exhaustion
        reply = client.chat.completions.create(model="gpt-4o", messages=history, max_tokens=500)
        history.append({"role": "assistant", "content": reply.choices[0].message.content})


def collect(rows) -> list:
    messages = []
    for row in rows:
        # ok: context_exhaustion
        messages.append({"role": "user", "content": row})
    return messages
