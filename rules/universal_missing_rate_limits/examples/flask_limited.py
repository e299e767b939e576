from flask import Flask, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from openai import OpenAI

app = Flask(__name__)
limiter = Limiter(get_remote_address, app=app, default_limits=["30 per minute"])
llm = OpenAI()


@app.post("/ask")
def ask():
    # ok: universal_missing_rate_limits
    reply = llm.responses.create(model="gpt-4o-mini", input=request.json["question"], max_output_tokens=300)
    return {"answer": reply.output_text}
