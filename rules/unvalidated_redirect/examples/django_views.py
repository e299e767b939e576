from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect as go_to
from django.utils.http import url_has_allowed_host_and_scheme
from fastapi import FastAPI, Request
from fastapi.responses import RedirectResponse

api = FastAPI()


def login_done(request):
    target = request.POST.get("next", "/")
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        return HttpResponseRedirect(settings.LOGIN_REDIRECT_URL)
    # ok: unvalidated_redirect
    return go_to(target)


def login_done_unchecked(request):
    target = request.GET["next"]
    # ruleid: unvalidated_redirect
    return go_to(target)


def raw_location(request):
    # ruleid: unvalidated_redirect
    return HttpResponse(status=302, headers={"Location": request.GET["to"]})


@api.get("/out")
async def outbound(req: Request):
    link = req.query_params["u"]
    # ruleid: unvalidated_redirect
    return RedirectResponse(url=link)


@api.get("/home")
async def home(req: Request):
    # ok: unvalidated_redirect
    return RedirectResponse(url="/dashboard")
