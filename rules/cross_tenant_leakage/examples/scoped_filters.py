# A filter with several fields is scoped by its tenant field: the caller may narrow the search by
# department, but the organisation comes from the authenticated principal. Built in a helper, field
# by field, or written out in the call, each is judged by its tenant key alone.
from fastapi import Depends, FastAPI
from langchain_postgres import PGVector
from pydantic import BaseModel

from .auth import Principal, current_principal

app = FastAPI()
sections = PGVector(connection="postgresql+psycopg://localhost/policies", embeddings=None, collection_name="sections")


class Search(BaseModel):
    text: str
    department: str | None = None
    org_id: str | None = None


def _scope(body: Search, who: Principal) -> dict:
    scope = {"org_id": {"$eq": who.org_id}}
    if body.department:
        scope["department"] = {"$eq": body.department}
    return scope


def _claimed_scope(body: Search) -> dict:
    wanted = {"department": {"$eq": body.department}}
    wanted["org_id"] = {"$eq": body.org_id}
    return wanted


@app.post("/sections/search")
def search(body: Search, who: Principal = Depends(current_principal)) -> list[str]:
    # ok: cross_tenant_leakage
    mine = sections.similarity_search(body.text, k=5, filter=_scope(body, who))
    # ok: cross_tenant_leakage
    inline = sections.similarity_search(body.text, k=5, filter={"org_id": who.org_id, "department": body.department})
    # ruleid: cross_tenant_leakage
    claimed = sections.similarity_search(body.text, k=5, filter=_claimed_scope(body))
    # ruleid: cross_tenant_leakage
    spoofed = sections.similarity_search(body.text, k=5, filter={"org_id": body.org_id, "department": "legal"})
    return [d.page_content for d in mine + inline + claimed + spoofed]


@app.post("/sections/search-combined")
async def search_combined(body: Search, who: Principal = Depends(current_principal)) -> list[str]:
    # a filter combined with `$and` after the tenant scope is set: still scoped by it
    scope = {"org_id": {"$eq": who.org_id}}
    if body.department:
        scope = {"$and": [scope, {"department": {"$eq": body.department}}]}
    # ok: cross_tenant_leakage
    mine = await sections.asimilarity_search(body.text, k=5, filter=scope)
    claimed = {"org_id": {"$eq": body.org_id}}
    if body.department:
        claimed = {"$and": [claimed, {"department": {"$eq": body.department}}]}
    # ruleid: cross_tenant_leakage
    theirs = await sections.asimilarity_search(body.text, k=5, filter=claimed)
    return [d.page_content for d in mine + theirs]
