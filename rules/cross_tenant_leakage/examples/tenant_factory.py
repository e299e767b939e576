# Tools built per tenant by a factory: the filter holds the factory's parameter, which the
# application passes when it builds the tools, not a value the model writes.
from langchain_chroma import Chroma
from langchain_core.tools import tool

kb = Chroma(collection_name="kb")


def make_tools(tenant_id: str):
    @tool
    def search_kb(question: str) -> str:
        """Search the tenant's knowledge base."""
        # ok: cross_tenant_leakage
        return str(kb.similarity_search(question, k=4, filter={"tenant_id": tenant_id}))

    # ok: cross_tenant_leakage
    retriever = kb.as_retriever(search_kwargs={"filter": {"tenant_id": tenant_id}})
    return [search_kb, retriever]


@tool
def search_any(question: str, tenant: str) -> str:
    """The tenant is a tool argument: the model names it."""
    # ruleid: cross_tenant_leakage
    return str(kb.similarity_search(question, k=4, filter={"tenant_id": tenant}))
