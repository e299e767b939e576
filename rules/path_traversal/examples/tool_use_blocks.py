from pathlib import Path

import anthropic

client = anthropic.Anthropic()
DOCS = Path("/srv/agent/docs")
ALLOWED = {"faq.md", "pricing.md", "changelog.md"}
TOOLS = [{"name": "read_doc", "description": "Read a document", "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}}}]


def answer(question: str) -> str:
    messages = [{"role": "user", "content": question}]
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=TOOLS, messages=messages)
    for block in reply.content:
        # a check of which tool the model called is not a check of the path it chose
        if block.type == "tool_use" and block.name == "read_doc":
            # ruleid: path_traversal
            return open(block.input["path"]).read()
    return reply.content[0].text


def answer_listed(question: str) -> str:
    messages = [{"role": "user", "content": question}]
    reply = client.messages.create(model="claude-sonnet-4-5", max_tokens=1024, tools=TOOLS, messages=messages)
    for block in reply.content:
        if block.type != "tool_use" or block.name != "read_doc":
            continue
        wanted = Path(block.input["path"])
        if wanted.name not in ALLOWED:
            return "unknown document"
        # ok: path_traversal
        return (DOCS / wanted.name).read_text()
    return reply.content[0].text
