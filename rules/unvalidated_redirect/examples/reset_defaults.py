from django.conf import settings
from django.contrib.auth import login
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme

from .tokens import verify_magic_token


def magic_link_login(request):
    user = verify_magic_token(request.GET.get("token", ""))
    if user is None:
        return redirect("login")
    login(request, user)
    next_url = request.GET.get("next") or settings.LOGIN_REDIRECT_URL
    # a failed check resets the target to the configured default: after the `if` it is checked or the setting
    if not url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()):
        next_url = settings.LOGIN_REDIRECT_URL
    # ok: unvalidated_redirect
    return redirect(next_url)


def switch_account(request):
    target = request.GET.get("next", "/")
    previous = request.GET.get("back", "/")
    # the reset takes another value of the request, which no check covers
    if not url_has_allowed_host_and_scheme(target, allowed_hosts={request.get_host()}):
        target = previous
    # ruleid: unvalidated_redirect
    return redirect(target)
