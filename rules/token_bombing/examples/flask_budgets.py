# A Flask route whose output cap a helper computes from the request body: a check that some other
# field is present (`if not payload.get("topic")`) checks that field only, not the budget; a clamp
# to a ceiling does.
import anthropic
from flask import Flask, abort, jsonify, request

app = Flask(__name__)
client = anthropic.Anthropic()
PER_WORD = 1.4
CEILING = 2000


def _budget(payload: dict) -> int:
    words = int(payload.get("target_words", 600))
    return int(words * PER_WORD) + 200


def _clamped_budget(payload: dict) -> int:
    return min(int(payload.get("target_words", 600) * PER_WORD), CEILING)


@app.post("/articles")
def write_article():
    payload = request.get_json(silent=True) or {}
    if not payload.get("topic"):
        abort(400, "topic is required")
    # ruleid: token_bombing[request_cap]
    long_form = client.messages.create(model="claude-sonnet-4-20250514", max_tokens=_budget(payload), messages=[{"role": "user", "content": payload["topic"]}])
    # ok: token_bombing
    short_form = client.messages.create(model="claude-sonnet-4-20250514", max_tokens=_clamped_budget(payload), messages=[{"role": "user", "content": payload["topic"]}])
    return jsonify({"long": long_form.content[0].text, "short": short_form.content[0].text})


@app.post("/summaries")
def summaries():
    payload = request.get_json(silent=True) or {}
    budget = int(payload.get("budget", 400))
    if budget > CEILING:
        abort(400, "budget too large")
    # ok: token_bombing
    summary = client.messages.create(model="claude-sonnet-4-20250514", max_tokens=budget, messages=[{"role": "user", "content": payload["text"]}])
    wanted = int(payload.get("detail", 400))
    if wanted <= 0:
        abort(400, "detail must be positive")
    # ruleid: token_bombing[request_cap]
    detail = client.messages.create(model="claude-sonnet-4-20250514", max_tokens=wanted, messages=[{"role": "user", "content": payload["text"]}])
    return jsonify({"summary": summary.content[0].text, "detail": detail.content[0].text})
