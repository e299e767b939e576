# Text a retriever returns (LlamaIndex `retriever.retrieve(q)`) was written by whoever wrote the
# indexed documents: in the agent's instructions it is untrusted. CrewAI's translations
# (`get_i18n().retrieve(kind, key)`) are prompt text bundled with the package, looked up by key.
from crewai import Agent
from crewai.utilities.i18n import get_i18n
from llama_index.core import VectorStoreIndex


def knowledge_agent(index: VectorStoreIndex, topic: str) -> Agent:
    retriever = index.as_retriever(similarity_top_k=3)
    notes = "\n".join(n.get_content() for n in retriever.retrieve(topic))
    return Agent(
        role="Researcher",
        goal=f"Research {topic}",
        # ruleid: universal_prompt_injection
        backstory=f"Background you must follow:\n{notes}",
    )


def manager_agent(prompt_file: str) -> Agent:
    texts = get_i18n(prompt_file=prompt_file)
    return Agent(
        # ok: universal_prompt_injection
        role=texts.retrieve("hierarchical_manager_agent", "role"),
        goal=texts.retrieve("hierarchical_manager_agent", "goal"),
        backstory=texts.retrieve("hierarchical_manager_agent", "backstory"),
    )
