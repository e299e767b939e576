# A redirect to a URL the model wrote is output_validation's; a mapped or allow-listed target is
# silent, and a redirect to request data is unvalidated_redirect's.
from urllib.parse import urlparse

from fastapi import FastAPI
from fastapi.responses import RedirectResponse
from flask import Flask, redirect, request
from openai import OpenAI

web = Flask(__name__)
api = FastAPI()
client = OpenAI()
ALLOWED_HOSTS = {"docs.example.com", "help.example.com"}
PAGES = {"billing": "/billing", "docs": "/docs"}


def pick_url(question: str) -> str:
    out = client.chat.completions.create(
        model="gpt-4o-mini",
        max_tokens=50,
        messages=[{"role": "user", "content": f"Best URL for: {question}"}],
    )
    return out.choices[0].message.content.strip()


@web.route("/jump")
def jump():
    target = pick_url(request.args["q"])
    # ruleid: output_validation[redirect]
    return redirect(target)


@api.get("/go")
def go(q: str):
    reply = client.responses.create(model="gpt-4o-mini", input=f"One URL for {q}", max_output_tokens=40)
    # ruleid: output_validation[redirect]
    return RedirectResponse(url=reply.output_text)


@web.route("/jump-checked")
def jump_checked():
    target = pick_url(request.args["q"])
    if urlparse(target).hostname not in ALLOWED_HOSTS:
        return redirect("/")
    # ok: output_validation
    return redirect(target)


@web.route("/section")
def section():
    key = pick_url(request.args["q"]).lower()
    # ok: output_validation
    return redirect(PAGES.get(key, "/"))
