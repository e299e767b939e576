# A FastAPI service that runs a LangChain agent with tools for whoever posts to it: no auth at all.
from fastapi import FastAPI
from langchain.agents import AgentExecutor, create_tool_calling_agent
from openai import OpenAI
from pydantic import BaseModel

from .tools import TOOLS, llm, prompt

app = FastAPI()
client = OpenAI()
executor = AgentExecutor(agent=create_tool_calling_agent(llm, TOOLS, prompt), tools=TOOLS, max_iterations=8)


class Ask(BaseModel):
    question: str


@app.get("/health")
def health():
    # ok: missing_authorization
    return {"status": "ok"}


@app.post("/agent")
async def run_agent(body: Ask):
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    result = await executor.ainvoke({"input": body.question})
    return {"answer": result["output"]}


@app.post("/chat")
def chat(body: Ask):
    # ruleid: missing_authorization[unauthenticated_model_endpoint]
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": body.question}])
    return {"answer": reply.choices[0].message.content}
