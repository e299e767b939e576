# An output cap removed through a named constant or a conversion is as removed as a literal None / -1.
from anthropic import Anthropic
from langchain_ollama import ChatOllama
from langchain_openai import ChatOpenAI
from openai import OpenAI

UNLIMITED = None
NO_LIMIT = -1
REPLY_TOKENS = 900

client = OpenAI()


def rewrite(text):
    # ruleid: token_bombing[cap_disabled]
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": text}], max_tokens=UNLIMITED)


def local_model():
    # ruleid: token_bombing[cap_disabled]
    return ChatOllama(model="llama3.1", num_predict=int(NO_LIMIT))


def build_llm():
    # ruleid: token_bombing[cap_disabled]
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
    llm.max_tokens = None
    return llm


def rewrite_capped(text):
    # ok: token_bombing
    return client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": text}], max_tokens=REPLY_TOKENS)


def build_capped_llm():
    # ok: token_bombing
    llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
    llm.max_tokens = REPLY_TOKENS
    return llm


def ask_claude(prompt):
    # ok: token_bombing
    return Anthropic().messages.create(model="claude-3-5-sonnet-latest", max_tokens=int(REPLY_TOKENS), messages=[{"role": "user", "content": prompt}])
