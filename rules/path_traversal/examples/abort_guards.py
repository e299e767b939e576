import os
import sys

from flask import Flask, abort, request

app = Flask(__name__)
REPORT_ROOT = os.path.realpath("/var/reports")


@app.route("/report")
def report():
    full = os.path.realpath(os.path.join(REPORT_ROOT, request.args["file"]))
    if os.path.commonpath([REPORT_ROOT, full]) != REPORT_ROOT:
        abort(400)
    # ok: path_traversal
    with open(full, "rb") as fh:
        return fh.read()


@app.route("/log")
def log():
    full = os.path.realpath(os.path.join(REPORT_ROOT, request.args["file"]))
    if os.path.commonpath([REPORT_ROOT, full]) != REPORT_ROOT:
        app.logger.warning("outside reports: %s", full)
    # ruleid: path_traversal
    with open(full, "rb") as fh:
        return fh.read()


def cli_main():
    target = os.path.realpath(sys.argv[1])
    if not target.startswith(REPORT_ROOT + os.sep):
        print("refusing", target)
        sys.exit(2)
    # ok: path_traversal
    with open(target) as fh:
        print(fh.read())
