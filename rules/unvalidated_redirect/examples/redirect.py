from urllib.parse import urlparse

from flask import Flask, redirect, request, url_for
from openai import OpenAI

app = Flask(__name__)
client = OpenAI()
ALLOWED_HOSTS = {"docs.example.com"}


@app.route("/login/callback")
def login_callback():
    next_url = request.args.get("next", "/")
    # ruleid: unvalidated_redirect
    return redirect(next_url)


@app.route("/go")
def go():
    target = request.args.get("to", "")
    if urlparse(target).netloc not in ALLOWED_HOSTS:
        return redirect(url_for("index"))
    # ok: unvalidated_redirect
    return redirect(target)


@app.route("/smart-link")
def smart_link():
    question = request.args.get("q", "")
    completion = client.chat.completions.create(
        model="gpt-4o",
        messages=[{"role": "user", "content": f"Return only the best URL for: {question}"}],
    )
    # a redirect to model output is output_validation's finding (one location, one finding)
    # ok: unvalidated_redirect
    return redirect(completion.choices[0].message.content)


@app.route("/home")
def home():
    # ok: unvalidated_redirect
    return redirect(url_for("index"))


@app.route("/logout")
def logout():
    # ok: unvalidated_redirect
    return redirect("/")


@app.route("/after-login")
def after_login():
    state = {"next": request.form["next"], "user": "me"}
    # ruleid: unvalidated_redirect
    return redirect(f"{state['next']}")


def landing_for(campaign):
    return "https://%s/landing" % campaign


@app.route("/campaign")
def campaign():
    # ruleid: unvalidated_redirect
    return redirect(landing_for(request.args["c"]))


@app.route("/profile")
def profile():
    # ok: unvalidated_redirect
    return redirect("/users/{}".format(request.args["id"]))


@app.route("/docs")
def docs():
    # ok: unvalidated_redirect
    return redirect("https://docs.example.com/search?q=" + request.args["q"])


@app.route("/back")
def back():
    dest = request.args.get("next", "/")
    if not dest.startswith("/") or dest.startswith("//"):
        return redirect("/")
    # ok: unvalidated_redirect
    return redirect(dest)


@app.route("/keep")
def keep():
    # ok: unvalidated_redirect
    return redirect(url_for("search", q=request.args["q"]))
