from flask import Flask, render_template_string, request
from jinja2 import Environment, Template
from langchain_core.prompts import PromptTemplate

app = Flask(__name__)
env = Environment(autoescape=True)


@app.route("/greet")
def greet():
    template = request.args.get("template", "Hello {{ name }}")
    # ruleid: prompt_template
    return render_template_string(template, name="world")


@app.route("/greet-safe")
def greet_safe():
    name = request.args.get("name", "world")
    # ok: prompt_template
    return render_template_string("Hello {{ name }}", name=name)


def render_user_prompt(user_template: str, question: str) -> str:
    # ruleid: prompt_template
    return Template(user_template).render(question=question)


def build_prompt(custom_instructions: str):
    # ruleid: prompt_template
    return PromptTemplate.from_template(custom_instructions, template_format="jinja2")


def build_fixed_prompt():
    # ok: prompt_template
    fixed = PromptTemplate.from_template("Answer {{ question }} briefly.", template_format="jinja2")
    # ok: prompt_template
    fstring = PromptTemplate.from_template("Answer {question} briefly.")
    return fixed, fstring


def from_settings(settings: dict):
    # ruleid: prompt_template
    tpl = env.from_string(settings["email_template"])
    # ok: prompt_template
    body = env.from_string("Dear {{ name }},").render(name=settings["name"])
    return tpl, body
