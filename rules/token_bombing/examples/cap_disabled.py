import os

import litellm
from langchain_openai import ChatOpenAI as Chat
from openai import OpenAI

client = OpenAI()
SETTINGS = {"max_tokens": int(os.getenv("MAX_TOKENS", "800"))}


def answer(question):
    # ruleid: token_bombing[cap_disabled]
    reply = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}], max_tokens=None)
    return reply.choices[0].message.content


def summariser():
    # ruleid: token_bombing[cap_disabled]
    return Chat(model="gpt-4o-mini", temperature=0, max_tokens=-1)


def via_litellm(prompt):
    # ruleid: token_bombing[cap_disabled]
    return litellm.completion(model="claude-3-5-sonnet", messages=[{"role": "user", "content": prompt}], max_completion_tokens=None)


def capped(question):
    # ok: token_bombing
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": question}], max_tokens=600)


def capped_from_config():
    # ok: token_bombing
    return Chat(model="gpt-4o-mini", max_tokens=SETTINGS["max_tokens"])
