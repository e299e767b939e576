# An agent's keyword arguments held in a dict variable (`Agent(**options)`) are read like inline ones.
from crewai import Agent
from fastapi import FastAPI
from pydantic import BaseModel

api = FastAPI()


class Brief(BaseModel):
    client_bio: str


@api.post("/writer")
def writer(brief: Brief):
    options = {"role": "Writer", "goal": "Write a post", "backstory": f"You write for: {brief.client_bio}"}
    # ruleid: universal_prompt_injection
    return Agent(**options)


@api.post("/writer-fixed")
def writer_fixed(brief: Brief):
    options = {"role": "Writer", "goal": "Write a post", "backstory": "You write clear technical posts."}
    # ok: universal_prompt_injection
    return Agent(**options)
