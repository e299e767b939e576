# A manual API-key check of the request header before the model runs.
import hmac
import os

from anthropic import Anthropic
from flask import Flask, abort, jsonify, request

app = Flask(__name__)
client = Anthropic()
API_KEY = os.environ["SERVICE_API_KEY"]


@app.post("/summarise")
def summarise():
    supplied = request.headers.get("X-Api-Key", "")
    if not hmac.compare_digest(supplied, API_KEY):
        abort(401)
    # ok: missing_authorization
    msg = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, messages=[{"role": "user", "content": request.json["text"]}])
    return jsonify({"summary": msg.content[0].text})
