from fastapi import Depends, FastAPI
from langchain_chroma import Chroma
from langchain_core.tools import tool

from .auth import Principal, get_current_user
from .graph import graph

app = FastAPI()
kb = Chroma(collection_name="kb")


@tool
def search_kb(question: str, org: str) -> str:
    """Search the knowledge base of an organisation."""
    scope = {"org_id": org}
    # ruleid: cross_tenant_leakage
    return str(kb.similarity_search(question, k=4, filter=scope))


@app.post("/ask")
def ask(question: str, user: Principal = Depends(get_current_user)):
    where = {"org_id": user.org_id}
    # ok: cross_tenant_leakage
    return kb.similarity_search(question, k=4, filter=where)


@app.post("/chat")
async def chat(message: str, user: Principal = Depends(get_current_user)):
    config = {"configurable": {"thread_id": "support"}}
    # ruleid: cross_tenant_leakage
    shared = await graph.ainvoke({"messages": [message]}, config)
    # ok: cross_tenant_leakage
    own = await graph.ainvoke({"messages": [message]}, config={"configurable": {"thread_id": user.id}})
    return shared, own
