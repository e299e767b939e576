from pinecone import Pinecone

pc = Pinecone()
index = pc.Index("kb")


def search(vector, current_user):
    # ruleid: cross_tenant_leakage
    everything = index.query(vector=vector, top_k=5, include_metadata=True)
    # ok: cross_tenant_leakage
    scoped = index.query(vector=vector, top_k=5, namespace=current_user.tenant_id)
    return everything, scoped
