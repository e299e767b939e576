# Documents stored tagged by the workspace that owns them: the code knows the store is shared, so a
# search with no workspace filter returns other workspaces' documents.
from fastapi import Depends, FastAPI
from langchain_core.documents import Document
from langchain_qdrant import QdrantVectorStore
from llama_index.core import VectorStoreIndex
from llama_index.core.vector_stores import MetadataFilter, MetadataFilters

app = FastAPI()
store = QdrantVectorStore.from_existing_collection(collection_name="manuals", url="http://qdrant:6333")
index = VectorStoreIndex.from_vector_store(store)


def current_workspace() -> str:
    return "resolved from the session"


@app.post("/ingest")
def ingest(text: str, title: str, workspace: str = Depends(current_workspace)) -> dict:
    doc = Document(page_content=text, metadata={"workspace_id": workspace, "title": title})
    store.add_documents([doc])
    return {"ok": True}


@app.post("/search")
def search(question: str, workspace: str = Depends(current_workspace)) -> list[str]:
    # ruleid: cross_tenant_leakage
    hits = store.similarity_search(question, k=4)
    return [d.page_content for d in hits]


@app.post("/search-scoped")
def search_scoped(question: str, workspace: str = Depends(current_workspace)) -> list[str]:
    scope = MetadataFilters(filters=[MetadataFilter(key="workspace_id", value=workspace)])
    # ok: cross_tenant_leakage
    nodes = index.as_retriever(similarity_top_k=4, filters=scope).retrieve(question)
    return [n.node.get_content() for n in nodes]
