# What a knowledge base returns (a Bedrock knowledge base's `retrieve`, a retriever's) was written by
# whoever wrote the indexed documents; a tool returning it unlabelled hands that text to the model.
# A `retrieve` method of the program's own lookup tables (translations, a cache) returns its own text.
import json

import boto3
from crewai.tools import tool

HELP = {"usage": "Ask about an order by its number."}


class Texts:
    def retrieve(self, key: str) -> str:
        return HELP[key]


texts = Texts()


@tool("Knowledge base")
def kb_search(query: str) -> str:
    """Search the company knowledge base."""
    client = boto3.client("bedrock-agent-runtime")
    response = client.retrieve(knowledgeBaseId="KB123", retrievalQuery={"text": query})
    # ruleid: tool_output_injection
    return json.dumps(response["retrievalResults"])


@tool("Help")
def usage_help(topic: str) -> str:
    """Explain how to use the assistant."""
    # ok: tool_output_injection
    return texts.retrieve("usage")
