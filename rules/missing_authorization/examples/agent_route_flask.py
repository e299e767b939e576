# A Flask chat endpoint that runs a LangGraph agent with no login.
from flask import Flask, jsonify, request
from langgraph.prebuilt import create_react_agent

from .tools import TOOLS, model

app = Flask(__name__)
graph = create_react_agent(model, TOOLS)


@app.route("/chat", methods=["POST"])
def chat():
    message = request.json["message"]
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    state = graph.invoke({"messages": [("user", message)]})
    return jsonify({"reply": state["messages"][-1].content})


@app.route("/healthz")
def healthz():
    return "ok"
