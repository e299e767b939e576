import html

from django.http import HttpResponse
from django.utils.safestring import mark_safe as safe
from langchain_openai import ChatOpenAI
from markupsafe import Markup, escape

llm = ChatOpenAI(model="gpt-4o-mini")


def as_card(body: str) -> str:
    return f"<div class='card'>{body}</div>"


def summary_view(request):
    result = llm.invoke(f"Summarise: {request.GET.get('url')}")
    state = {"answer": result.content, "model": "gpt-4o-mini"}
    # ruleid: output_validation
    page = safe(as_card(state["answer"]))
    # ok: output_validation
    footer = safe(f"<small>{state['model']}</small>")
    return HttpResponse(page + footer)


def summary_escaped(request):
    result = llm.invoke(f"Summarise: {request.GET.get('url')}")
    # ok: output_validation
    page = safe(as_card(html.escape(result.content)))
    # ok: output_validation
    badge = Markup(f"<b>{escape(result.content)}</b>")
    return HttpResponse(page + badge)
