# Message objects with a system role (LlamaIndex ChatMessage, Semantic Kernel ChatMessageContent,
# Haystack ChatMessage.from_system) and chat engines' system_prompt carry the developer's authority;
# user-role messages are where request text belongs.
from fastapi import FastAPI
from pydantic import BaseModel
from llama_index.core import VectorStoreIndex
from llama_index.core.llms import ChatMessage, MessageRole
from llama_index.llms.openai import OpenAI
from haystack.dataclasses import ChatMessage as HaystackMessage
from semantic_kernel.contents import ChatMessageContent, AuthorRole
import ollama

app = FastAPI()
llm = OpenAI(model="gpt-4o-mini")
index: VectorStoreIndex = ...


class Ask(BaseModel):
    question: str
    style: str
    persona: str


@app.post("/llamaindex")
def with_llamaindex(body: Ask):
    history = [
        # ruleid: universal_prompt_injection
        ChatMessage(role=MessageRole.SYSTEM, content=f"You are the docs bot. Style: {body.style}"),
        # ok: universal_prompt_injection
        ChatMessage(role="user", content=body.question),
    ]
    return {"answer": str(llm.chat(history))}


@app.post("/llamaindex/engine")
def with_chat_engine(body: Ask):
    # ruleid: universal_prompt_injection
    engine = index.as_chat_engine(chat_mode="context", system_prompt="You answer as " + body.persona)
    return {"answer": str(engine.chat(body.question))}


@app.post("/haystack")
def with_haystack(body: Ask):
    # ruleid: universal_prompt_injection
    msgs = [HaystackMessage.from_system(body.persona), HaystackMessage.from_user(body.question)]
    # ok: universal_prompt_injection
    safe = [HaystackMessage.from_system("You are the docs bot."), HaystackMessage.from_user(body.question)]
    return {"msgs": msgs, "safe": safe}


@app.post("/sk")
def with_semantic_kernel(body: Ask):
    # ruleid: universal_prompt_injection
    sys_msg = ChatMessageContent(role=AuthorRole.SYSTEM, content="Persona: " + body.persona)
    # ok: universal_prompt_injection
    user_msg = ChatMessageContent(role=AuthorRole.USER, content=body.question)
    return [sys_msg, user_msg]


@app.post("/ollama")
def with_ollama(body: Ask):
    client = ollama.Client()
    # ruleid: universal_prompt_injection
    reply = client.chat(model="llama3.1", messages=[{"role": "system", "content": body.style}, {"role": "user", "content": body.question}])
    return {"answer": reply["message"]["content"]}
