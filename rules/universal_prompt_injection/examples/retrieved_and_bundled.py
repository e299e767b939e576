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


# A method called `retrieve` reads retrieved documents only on a retriever: an object whose own
# translations or cache have such a method (`self.i18n.retrieve`, `cache.retrieve`) reads the
# program's own text.
class Prompts:
    def __init__(self, i18n, retriever):
        self.i18n = i18n
        self.retriever = retriever

    def planner(self) -> Agent:
        # ok: universal_prompt_injection
        return Agent(role="Planner", goal="Plan", backstory=self.i18n.retrieve("planning", "backstory"))

    def researcher(self, topic: str) -> Agent:
        chunks = self.retriever.retrieve(topic)
        context = chunks[0].text
        # ruleid: universal_prompt_injection
        return Agent(role="Researcher", goal="Research", backstory=f"Follow these notes: {context}")


class PromptCache:
    def retrieve(self, key: str) -> str:
        return {"writer": "You write short summaries."}[key]


cache = PromptCache()


def writer_agent() -> Agent:
    story = cache.retrieve("writer")
    # ok: universal_prompt_injection
    return Agent(role="Writer", goal="Write", backstory=story)


async def fused_agent(index: VectorStoreIndex, topic: str) -> Agent:
    from llama_index.core.retrievers import QueryFusionRetriever

    fusion = QueryFusionRetriever([index.as_retriever()], similarity_top_k=2)
    nodes = await fusion.aretrieve(topic)
    # ruleid: universal_prompt_injection
    return Agent(role="Analyst", goal="Analyse", backstory="Use: " + nodes[0].get_content())
