from typing import Annotated

from fastapi import FastAPI, Query
from langchain_core.tools import tool
from langchain_postgres import PGVector
from pydantic import BaseModel, Field

api = FastAPI()
kb = PGVector(collection_name="runbooks", connection="postgresql+psycopg://kb@db/kb", embeddings=None)
MAX_PASSAGES = 12


class Lookup(BaseModel):
    topic: str
    passages: int = Field(4, ge=1, le=MAX_PASSAGES)
    extra: int = 8


class LookupArgs(BaseModel):
    topic: str
    depth: Annotated[int, Field(ge=1, le=10)] = 3


@api.post("/lookup")
def lookup(req: Lookup):
    # ok: rag_over_retrieval
    bounded = kb.similarity_search(req.topic, k=req.passages)
    # ruleid: rag_over_retrieval[from_request]
    unbounded = kb.similarity_search(req.topic, k=req.extra)
    return [d.page_content for d in bounded + unbounded]


@api.get("/passages")
def passages(topic: str, count: Annotated[int, Query(le=20)] = 5, fetch: int = Query(30, lt=100)):
    # ok: rag_over_retrieval
    return kb.max_marginal_relevance_search(topic, k=count, fetch_k=fetch)


@api.get("/checked")
def checked(topic: str, count: int = 5):
    if count > MAX_PASSAGES:
        raise ValueError("ask for fewer passages")
    # ok: rag_over_retrieval
    return kb.similarity_search(topic, k=count)


@api.get("/ranged")
def ranged(topic: str, count: int = 5):
    if 1 <= count <= 20:
        # ok: rag_over_retrieval
        return kb.similarity_search(topic, k=count)
    return []


@api.get("/floor-only")
def floor_only(topic: str, count: int = 5, ceiling: int = 50):
    if count < 1 or count > ceiling:
        raise ValueError("out of range")
    # ruleid: rag_over_retrieval[from_request]
    return kb.similarity_search(topic, k=count)


@tool(args_schema=LookupArgs)
def runbook_search(topic: str, depth: int = 3) -> str:
    """Search the runbooks."""
    # ok: rag_over_retrieval
    found = kb.similarity_search(topic, k=depth)
    return "\n".join(d.page_content for d in found)
