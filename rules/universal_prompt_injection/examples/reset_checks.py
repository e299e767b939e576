# A check whose failing branch resets the variable to a literal (`if x not in ALLOWED: x = "default"`)
# leaves only allowed values or the literal after the `if`; a branch that resets another variable,
# or resets to other request data, proves nothing.
import logging

from flask import Flask, request
from openai import OpenAI

app = Flask(__name__)
llm = OpenAI()
STYLES = {"formal", "casual", "pirate"}
MAX_WORDS = (50, 100, 200)


@app.post("/restyle")
def restyle():
    body = request.get_json()
    style = body.get("style", "casual")
    if style not in STYLES:
        logging.warning("unknown style %s", style)
        style = "casual"
    words = body["words"]
    if words not in MAX_WORDS:
        words = None
    out = llm.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ok: universal_prompt_injection
            {"role": "system", "content": "Rewrite in a %s style in at most %s words." % (style, words)},
            {"role": "user", "content": body["text"]},
        ],
    )
    return {"text": out.choices[0].message.content}


@app.post("/restyle/unchecked")
def restyle_unchecked():
    data = request.get_json()
    voice = data.get("voice", "casual")
    fallback = data.get("fallback", "casual")
    if voice not in STYLES:
        voice = fallback
    persona = data.get("persona", "editor")
    if data.get("strict") not in STYLES:
        persona = "editor"
    out = llm.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ruleid: universal_prompt_injection
            {"role": "system", "content": f"Rewrite in a {voice} voice."},
            {"role": "user", "content": data["text"]},
        ],
    )
    again = llm.chat.completions.create(
        model="gpt-4o-mini",
        messages=[
            # ruleid: universal_prompt_injection
            {"role": "system", "content": f"You are an {persona}."},
            {"role": "user", "content": out.choices[0].message.content},
        ],
    )
    return {"text": again.choices[0].message.content}
