# The same endpoint behind flask_login.
from flask import Flask, jsonify, request
from flask_login import login_required
from langgraph.prebuilt import create_react_agent

from .tools import TOOLS, model

app = Flask(__name__)
graph = create_react_agent(model, TOOLS)


@app.route("/chat", methods=["POST"])
@login_required
def chat():
    message = request.json["message"]
    # ok: missing_authorization
    state = graph.invoke({"messages": [("user", message)]})
    return jsonify({"reply": state["messages"][-1].content})
