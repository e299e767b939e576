from flask import Flask, request
from langchain_chroma import Chroma
from langchain_openai import OpenAIEmbeddings

app = Flask(__name__)
store = Chroma(collection_name="handbook", embedding_function=OpenAIEmbeddings())

# ruleid: rag_over_retrieval
wide = store.as_retriever(search_kwargs={"k": 200})
# ok: rag_over_retrieval
narrow = store.as_retriever(search_kwargs={"k": 4})
# ok: rag_over_retrieval
default = store.as_retriever()


def answer_context(question: str, all_docs: list):
    # ruleid: rag_over_retrieval
    everything = store.similarity_search(question, k=len(all_docs))
    # ruleid: rag_over_retrieval
    many = store.max_marginal_relevance_search(question, k=10, fetch_k=500)
    # ok: rag_over_retrieval
    few = store.similarity_search(question, k=5)
    return everything, many, few


@app.route("/search")
def search():
    # ruleid: rag_over_retrieval
    docs = store.similarity_search(request.args["q"], k=int(request.args.get("k", 4)))
    # ok: rag_over_retrieval
    capped = store.similarity_search(request.args["q"], k=min(int(request.args.get("k", 4)), 10))
    return {"docs": [d.page_content for d in docs + capped]}


def llama(index):
    # ruleid: rag_over_retrieval
    engine = index.as_query_engine(similarity_top_k=100)
    # ok: rag_over_retrieval
    small = index.as_query_engine(similarity_top_k=3)
    return engine, small


TOP_K = 100
SEARCH = {"k": 4, "fetch_k": 20}


@app.post("/ask")
def ask():
    body = request.get_json()
    wanted = body.get("top_k", 5)
    # ruleid: rag_over_retrieval[from_request]
    hits = store.similarity_search(body["question"], k=wanted)
    # ok: rag_over_retrieval
    clamped = store.similarity_search(body["question"], k=min(wanted, 20))
    return {"hits": len(hits) + len(clamped)}


def configured(index, docs: list):
    # ruleid: rag_over_retrieval
    wide = index.as_retriever(similarity_top_k=TOP_K)
    # ok: rag_over_retrieval
    tuned = store.as_retriever(search_kwargs=SEARCH)
    # ok: rag_over_retrieval
    paged = store.similarity_search("q", k=len(docs[:5]) if docs else 4)
    return wide, tuned, paged
