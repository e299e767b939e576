import anthropic
from flask import Blueprint, Flask, request

app = Flask(__name__)
bp = Blueprint("assist", __name__)
claude = anthropic.Anthropic()
SYSTEM = "You are a concise support assistant."


def summarize(text: str) -> str:
    msg = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=300, system=SYSTEM, messages=[{"role": "user", "content": text}])
    return msg.content[0].text


@bp.route("/summarize", methods=["POST"])
def summarize_route():
    payload = request.get_json()
    # ruleid: universal_missing_rate_limits
    return {"summary": summarize(payload["text"])}


@bp.get("/version")
def version():
    # ok: universal_missing_rate_limits
    return {"version": claude.api_key is not None}


app.register_blueprint(bp)
