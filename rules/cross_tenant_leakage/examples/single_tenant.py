from langchain_chroma import Chroma

store = Chroma(collection_name="handbook")


def answer(question: str):
    # ok: cross_tenant_leakage
    return store.similarity_search(question, k=4)
