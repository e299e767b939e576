import anthropic
from flask import Flask, request
from openai import OpenAI

web = Flask(__name__)


# The client is built inline: its methods are still the SDK's.
@web.post("/style")
def style():
    voice = request.form["voice"]
    out = OpenAI().chat.completions.create(
        model="gpt-4o-mini",
        # ruleid: universal_prompt_injection
        messages=[{"role": "system", "content": "Write in this voice: " + voice}, {"role": "user", "content": request.form["text"]}],
    )
    return out.choices[0].message.content


@web.post("/brief")
def brief():
    # ruleid: universal_prompt_injection
    msg = anthropic.Anthropic().messages.create(model="claude-3-5-haiku-latest", max_tokens=300, system=request.form["rules"], messages=[])
    return msg.content[0].text


# --- safe look-alikes ----------------------------------------------------------------------------

@web.post("/plain")
def plain():
    # ok: universal_prompt_injection
    out = OpenAI().chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": "Summarise the text."}, {"role": "user", "content": request.form["text"]}],
    )
    return out.choices[0].message.content
