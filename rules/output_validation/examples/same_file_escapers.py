# An escape helper written in this file is judged by its body: one that returns the text as it came
# escapes nothing; one built on html.escape escapes. An escape imported from another module is trusted
# by its name.
import html

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from openai import OpenAI

from app.templating import filters

app = FastAPI()
client = OpenAI()


class Passthrough:
    def escape(self, text: str) -> str:
        return text


def quoted(text: str) -> Markup:
    # ruleid: output_validation
    return Markup(f'"{Passthrough().escape(text)}"')


class Escaper:
    def escape(self, text: str) -> str:
        return html.escape(text, quote=True)


class Page:
    def __init__(self, escaper: Escaper) -> None:
        self.escaper = escaper

    def escape(self, text: str) -> str:
        return f"{text}"

    def card(self, answer: str) -> Markup:
        # ruleid: output_validation
        return Markup(f"<div class='answer'>{self.escape(answer)}</div>")


@app.get("/answer", response_class=HTMLResponse)
async def answer(q: str):
    completion = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": q}])
    text = completion.choices[0].message.content
    page = Page(Escaper())
    page.card(text)
    quoted(text)
    escaper = Escaper()
    # ok: output_validation
    escaped = Markup(f"<b>{escaper.escape(text)}</b>")
    # ok: output_validation
    safe = Markup(f"<p>{filters.escape(text)}</p>")
    # ok: output_validation
    return HTMLResponse(f"{escaped}{safe}<p>{html.escape(text)}</p>")
