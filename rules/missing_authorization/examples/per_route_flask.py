from flask import Flask, request
from flask_login import login_required

from .agents import executor

app = Flask(__name__)


@app.post("/private")
@login_required
def private():
    # ok: missing_authorization
    return executor.invoke({"input": request.json["q"]})


@app.post("/open")
def open_route():
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    return executor.invoke({"input": request.json["q"]})
