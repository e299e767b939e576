# A conditional expression that keeps a request value only when it passed an allow-list check
# (`x if x in ALLOWED else default`) gives one of the allowed values; the value unchecked does not.
from fastapi import FastAPI
from pydantic import BaseModel
from openai import OpenAI

app = FastAPI()
client = OpenAI()
TONES = ("neutral", "friendly", "formal")
LANGS = {"en", "de", "fr"}


class Req(BaseModel):
    tone: str
    lang: str
    text: str


@app.post("/reply")
def reply(req: Req):
    tone = req.tone if req.tone in TONES else "neutral"
    lang = "en" if req.lang not in LANGS else req.lang
    r = client.chat.completions.create(
        model="gpt-4o-mini",
        # ok: universal_prompt_injection
        messages=[{"role": "system", "content": f"Reply in a {tone} tone, in language {lang}."}, {"role": "user", "content": req.text}],
    )
    return {"answer": r.choices[0].message.content}


@app.post("/reply/unchecked")
def reply_unchecked(req: Req):
    tone = req.tone if req.tone else "neutral"
    lang = req.lang if req.text in LANGS else "en"
    r = client.chat.completions.create(
        model="gpt-4o-mini",
        # ruleid: universal_prompt_injection
        messages=[{"role": "system", "content": f"Reply in a {tone} tone."}, {"role": "user", "content": req.text}],
    )
    r2 = client.chat.completions.create(
        model="gpt-4o-mini",
        # ruleid: universal_prompt_injection
        messages=[{"role": "system", "content": f"Reply in language {lang}."}, {"role": "user", "content": req.text}],
    )
    return {"answer": r.choices[0].message.content, "answer2": r2.choices[0].message.content}
