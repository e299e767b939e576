# A prefix check proves containment only of a normalised path: `os.path.join(ROOT, name)` keeps the
# `..` a name brings, so `ROOT/../../etc/passwd` starts with ROOT and is still outside it.
import os

from flask import Flask, abort, request, send_file

app = Flask(__name__)
SHARED = "/srv/shared"


def _joined(team: str, name: str) -> str:
    location = os.path.join(SHARED, team, name)
    if not location.startswith(SHARED):
        abort(400)
    return location


def _resolved(team: str, name: str) -> str:
    location = os.path.realpath(os.path.join(SHARED, team, name))
    if not location.startswith(SHARED + os.sep):
        abort(400)
    return location


@app.get("/files/<team>")
def fetch(team: str):
    name = request.args["name"]
    # ruleid: path_traversal
    raw = send_file(_joined(team, name))
    # ok: path_traversal
    safe = send_file(_resolved(team, name))
    return raw if request.args.get("raw") else safe
