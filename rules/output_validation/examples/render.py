import bleach
import streamlit as st
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from openai import OpenAI

app = FastAPI()
client = OpenAI()


@app.get("/answer", response_class=HTMLResponse)
async def answer(q: str):
    completion = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": q}])
    text = completion.choices[0].message.content
    # ruleid: output_validation
    return HTMLResponse(f"<div class='answer'>{text}</div>")


@app.get("/answer-safe", response_class=HTMLResponse)
async def answer_safe(q: str):
    completion = client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": q}])
    text = completion.choices[0].message.content
    # ok: output_validation
    return HTMLResponse(bleach.clean(text, tags=["p", "b", "i", "ul", "li"]))


def chat_page(chain, question: str):
    reply = chain.invoke({"question": question})
    # ruleid: output_validation
    st.markdown(reply, unsafe_allow_html=True)
    # ok: output_validation
    st.markdown(reply)


def render_summary(summary_text: str):
    # ruleid: output_validation
    return Markup(summary_text)


def static_banner():
    # ok: output_validation
    return Markup("<b>Beta</b>")
