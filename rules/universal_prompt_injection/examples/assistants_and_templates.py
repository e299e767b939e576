from fastapi import FastAPI
from openai import OpenAI
from pydantic import BaseModel

app = FastAPI()
client = OpenAI()


class AssistantSpec(BaseModel):
    name: str
    guidance: str


# The Assistants API stores the instructions with the assistant: every thread runs under them.
@app.post("/assistants")
def create_assistant(spec: AssistantSpec):
    instructions = f"You are {spec.name}. {spec.guidance}"
    # ruleid: universal_prompt_injection
    assistant = client.beta.assistants.create(model="gpt-4o", name=spec.name, instructions=instructions)
    return {"id": assistant.id}


@app.post("/threads/{thread_id}/runs")
def start_run(thread_id: str, spec: AssistantSpec):
    # ruleid: universal_prompt_injection
    run = client.beta.threads.runs.create(thread_id=thread_id, assistant_id="asst_1", additional_instructions=spec.guidance)
    return {"id": run.id}


# --- safe look-alikes ----------------------------------------------------------------------------

@app.post("/assistants/fixed")
def create_fixed(spec: AssistantSpec):
    # ok: universal_prompt_injection
    assistant = client.beta.assistants.create(model="gpt-4o", name=spec.name, instructions="You answer billing questions.")
    return {"id": assistant.id}
