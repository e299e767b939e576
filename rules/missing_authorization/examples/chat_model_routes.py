# A route that calls a chat model itself (ChatOpenAI(...).invoke, with structured output or bound
# tools) is one completion: the model endpoint's finding, not the agent endpoint's. So is a runnable
# sequence that ends in the chat model (`prompt | llm`): it runs as its last step.
from fastapi import FastAPI
from pydantic import BaseModel
from langchain_anthropic import ChatAnthropic
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent

app = FastAPI()
chat = ChatOpenAI(model="gpt-4o-mini", max_tokens=300)
typed = ChatAnthropic(model="claude-3-5-haiku-latest", max_tokens=300)
agent = create_react_agent(chat, tools=[])


class Verdict(BaseModel):
    label: str


@app.post("/summarise")
async def summarise(text: str):
    # ruleid: missing_authorization[unauthenticated_model_endpoint]
    return {"summary": (await chat.ainvoke(f"Summarise: {text}")).content}


@app.post("/classify")
def classify(text: str):
    # ruleid: missing_authorization[unauthenticated_model_endpoint]
    return typed.with_structured_output(Verdict).invoke(text)


@app.post("/agent")
def run_agent(text: str):
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return agent.invoke({"messages": [("user", text)]})


summary_prompt = ChatPromptTemplate.from_messages([("system", "Summarise the ticket in two lines."), ("human", "{ticket}")])
ticket_chain = summary_prompt | chat


@app.post("/tickets/summary")
async def ticket_summary(ticket: str):
    # ruleid: missing_authorization[unauthenticated_model_endpoint]
    return {"summary": (await ticket_chain.ainvoke({"ticket": ticket})).content}


@app.post("/tickets/triage")
def triage(ticket: str):
    pipeline = summary_prompt | agent
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return pipeline.invoke({"ticket": ticket})
