from collections import deque

from crewai import Agent
from langchain.memory import ConversationBufferMemory, ConversationBufferWindowMemory, ConversationSummaryBufferMemory
from openai import OpenAI

client = OpenAI()


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


def research_loop(task: str) -> str:
    messages = [{"role": "user", "content": task}]
    while True:
        reply = client.chat.completions.create(model="gpt-4o", messages=messages, max_tokens=500)
        text = reply.choices[0].message.content or ""
        # ruleid: context_exhaustion
        messages.append({"role": "assistant", "content": text})
        if "DONE" in text:
            return text
        # ruleid: context_exhaustion
        messages += [{"role": "user", "content": "Continue."}]


def trimmed_loop(task: str) -> str:
    messages = [{"role": "user", "content": task}]
    while True:
        reply = client.chat.completions.create(model="gpt-4o", messages=messages[-12:], max_tokens=500)
        text = reply.choices[0].message.content or ""
        # ok: context_exhaustion
        messages.append({"role": "assistant", "content": text})
        if "DONE" in text:
            return text


def windowed_loop(task: str) -> str:
    history = deque([{"role": "user", "content": task}], maxlen=20)
    while True:
        reply = client.chat.completions.create(model="gpt-4o", messages=list(history), max_tokens=500)
        text = reply.choices[0].message.content or ""
        # ok: context_exhaustion
        history.append({"role": "assistant", "content": text})
        if "DONE" in text:
            return text


def repl() -> None:
    history = []
    while True:
        question = input("you> ")
        # ruleid: context_exhaustion
        history.append({"role": "user", "content": question})
        reply = client.chat.completions.create(model="gpt-4o", messages=history, max_tokens=500)
        # ruleid: context_exhaustion
        history.append({"role": "assistant", "content": reply.choices[0].message.content})


def collect(rows) -> list:
    messages = []
    for row in rows:
        # ok: context_exhaustion
        messages.append({"role": "user", "content": row})
    return messages
