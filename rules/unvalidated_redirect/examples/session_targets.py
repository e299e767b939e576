import os

from flask import Flask, redirect, request, session, url_for
from authlib.integrations.flask_client import OAuth

app = Flask(__name__)
app.secret_key = os.environ["FLASK_SECRET_KEY"]
oauth = OAuth(app)
oauth.register("github", client_id=os.environ["GITHUB_CLIENT_ID"], client_secret=os.environ["GITHUB_CLIENT_SECRET"])
HOME_PAGES = {"/agents", "/runs", "/settings"}


# the login route keeps the caller's `next` in the session; the callback redirects to it
@app.get("/login")
def login():
    session["post_login"] = request.args.get("next", "/agents")
    session["landing"] = request.args.get("landing", "/agents")
    return oauth.github.authorize_redirect(url_for("callback", _external=True))


@app.get("/auth/callback")
def callback():
    oauth.github.authorize_access_token()
    destination = session.pop("post_login", "/agents")
    # ruleid: unvalidated_redirect
    return redirect(destination)


@app.get("/auth/welcome")
def welcome():
    landing = session.get("landing", "/agents")
    if landing not in HOME_PAGES:
        landing = "/agents"
    # ok: unvalidated_redirect
    return redirect(landing)
