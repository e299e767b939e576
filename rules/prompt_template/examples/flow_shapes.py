from pathlib import Path

from jinja2 import Environment as Env
from jinja2.sandbox import SandboxedEnvironment
from langchain_core.prompts import ChatPromptTemplate
from langchain_core.tools import tool
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("mailer")
jinja = Env()
sandbox = SandboxedEnvironment()
LETTER = Path("templates/letter.j2").read_text()


def compile_letter(source: str):
    # ruleid: prompt_template
    return jinja.from_string(source)


@mcp.tool()
def render_letter(body_template: str, recipient: str) -> str:
    """Render a letter from a template."""
    opening = f"Dear {{{{ name }}}},\n{body_template}"
    # ruleid: prompt_template
    return jinja.from_string(opening).render(name=recipient)


@tool
def draft(spec: dict) -> str:
    """Draft a message from a spec with a 'layout' field."""
    letter = compile_letter(spec["layout"])
    return letter.render(name="customer")


@tool
def draft_safely(layout: str) -> str:
    """Draft a message in the sandbox."""
    # ok: prompt_template
    return sandbox.from_string(layout).render(name="customer")


@tool
def draft_fixed(name: str) -> str:
    """Draft a message from the shipped template."""
    # ok: prompt_template
    return jinja.from_string(LETTER).render(name=name)


@tool
def ask_with_style(style_prompt: str, question: str):
    """Ask the model in a given style."""
    # ruleid: prompt_template
    prompt = ChatPromptTemplate.from_template(style_prompt + "\n{{ question }}", template_format="jinja2")
    # ok: prompt_template
    plain = ChatPromptTemplate.from_template(style_prompt + "\n{question}")
    return prompt, plain
