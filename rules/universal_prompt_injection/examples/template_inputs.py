from fastapi import FastAPI
from flask import Flask, request
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate, SystemMessagePromptTemplate, HumanMessagePromptTemplate
from langchain_openai import ChatOpenAI
from pydantic import BaseModel

web = Flask(__name__)
api = FastAPI()
llm = ChatOpenAI(model="gpt-4o-mini")

PERSONA_SYSTEM = "You are a {persona}. Never discuss competitors."

persona_prompt = ChatPromptTemplate.from_messages([("system", PERSONA_SYSTEM), ("human", "{question}")])
persona_chain = persona_prompt | llm | StrOutputParser()

qa_prompt = ChatPromptTemplate.from_messages(
    [
        ("system", "You are a support agent for Acme routers. Be precise."),
        ("human", "Context: {context}\n\nQuestion: {question}"),
    ]
)
qa_chain = qa_prompt | llm


@web.post("/persona")
def persona():
    payload = request.json
    # ruleid: universal_prompt_injection
    return persona_chain.invoke({"persona": payload["persona"], "question": payload["question"]})


class Ask(BaseModel):
    question: str
    context: str
    tone: str


@api.post("/ask")
async def ask(body: Ask):
    # ok: universal_prompt_injection
    res = await qa_chain.ainvoke({"question": body.question, "context": body.context})
    return {"answer": res.content}


@api.post("/tone")
async def tone(body: Ask):
    prompt = ChatPromptTemplate.from_messages(
        [SystemMessagePromptTemplate.from_template("Answer in a {tone} tone."), HumanMessagePromptTemplate.from_template("{question}")]
    )
    inputs = {"tone": body.tone, "question": body.question}
    # ruleid: universal_prompt_injection
    res = await (prompt | llm).ainvoke(inputs)
    return {"answer": res.content}


@api.post("/fixed-tone")
async def fixed_tone(body: Ask):
    # ok: universal_prompt_injection
    res = await persona_chain.ainvoke({"persona": "friendly librarian", "question": body.question})
    return {"answer": res}
