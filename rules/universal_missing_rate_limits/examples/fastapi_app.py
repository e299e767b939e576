from crewai import Agent, Crew, Task
from fastapi import FastAPI
from openai import AsyncOpenAI
from pydantic import BaseModel

app = FastAPI()
client = AsyncOpenAI()


class Question(BaseModel):
    text: str


@app.post("/ask")
async def ask(question: Question) -> dict:
    # ruleid: universal_missing_rate_limits
    reply = await client.chat.completions.create(
        model="gpt-4o-mini", max_tokens=400, messages=[{"role": "user", "content": question.text}]
    )
    return {"answer": reply.choices[0].message.content}


@app.get("/health")
# ok: universal_missing_rate_limits
async def health() -> dict:
    return {"status": "ok"}


def build_crew(llm) -> Crew:
    analyst = Agent(role="Analyst", goal="Answer", backstory="Expert", llm=llm)
    task = Task(description="Answer {question}", expected_output="An answer", agent=analyst)
    # ruleid: universal_missing_rate_limits
    return Crew(agents=[analyst], tasks=[task])


@app.post("/crew")
def run_crew(question: Question) -> dict:
    # ruleid: universal_missing_rate_limits
    return {"answer": str(build_crew(None).kickoff(inputs={"question": question.text}))}
