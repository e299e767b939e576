from fastapi import Depends, FastAPI, Request
from langchain_community.chat_message_histories import RedisChatMessageHistory
from langchain_core.tools import tool
from langchain_postgres import PGVector

from .auth import Principal, get_current_user
from .graph import graph

app = FastAPI()
store = PGVector(connection="postgresql+psycopg://localhost/rag", embeddings=None, collection_name="docs")


@app.post("/ask")
async def ask(request: Request, user: Principal = Depends(get_current_user)):
    body = await request.json()
    # ruleid: cross_tenant_leakage
    docs = store.similarity_search(body["question"], k=4)
    # ok: cross_tenant_leakage
    scoped = store.similarity_search(body["question"], k=4, filter={"tenant_id": user.tenant_id})
    # ruleid: cross_tenant_leakage
    spoofable = store.similarity_search(body["question"], k=4, filter={"tenant_id": body["tenant_id"]})
    return {"docs": docs, "scoped": scoped, "spoofable": spoofable}


def retrievers(user: Principal):
    # ruleid: cross_tenant_leakage
    everything = store.as_retriever(search_kwargs={"k": 4})
    # ok: cross_tenant_leakage
    mine = store.as_retriever(search_kwargs={"k": 4, "filter": {"tenant_id": user.tenant_id}})
    return everything, mine


@tool
def search_tenant_docs(query: str, tenant_id: str) -> str:
    """Search the documents of a tenant."""
    # ruleid: cross_tenant_leakage
    return str(store.similarity_search(query, k=4, filter={"tenant_id": tenant_id}))


def histories(user: Principal):
    # ruleid: cross_tenant_leakage
    shared = RedisChatMessageHistory(session_id="support-chat", url="redis://localhost:6379")
    # ok: cross_tenant_leakage
    own = RedisChatMessageHistory(session_id=f"{user.tenant_id}:{user.id}", url="redis://localhost:6379")
    return shared, own


@app.post("/chat")
async def chat(request: Request, user: Principal = Depends(get_current_user)):
    body = await request.json()
    # ruleid: cross_tenant_leakage
    shared = await graph.ainvoke({"messages": body["messages"]}, {"configurable": {"thread_id": "main"}})
    # ok: cross_tenant_leakage
    own = await graph.ainvoke({"messages": body["messages"]}, {"configurable": {"thread_id": f"{user.id}:{body['conversation_id']}"}})
    return {"shared": shared, "own": own}
