# Credentials a service issues in its answer (an OAuth exchange's access_token) are secrets like the
# ones the application holds: logged whole or inside a record, they land in every log reader's hands.
import logging

import requests
from flask import Flask, abort, request

log = logging.getLogger("installs")
app = Flask(__name__)


@app.get("/oauth/callback")
def oauth_callback():
    answer = requests.post(
        "https://slack.com/api/oauth.v2.access",
        data={"code": request.args.get("code", "")},
        timeout=10,
    ).json()
    if not answer.get("ok"):
        # ok: logging_sensitive_data
        log.warning("oauth exchange failed: %s", answer.get("error"))
        abort(400)
    installation = {"team": answer["team"]["id"], "bot": answer["bot_user_id"], "bot_token": answer["access_token"]}
    # ruleid: logging_sensitive_data
    log.info("installed: %s", installation)
    refresh = answer.get("refresh_token")
    # ruleid: logging_sensitive_data
    log.debug("refresh token %s", refresh)
    # ok: logging_sensitive_data
    log.info("next page: %s", answer.get("next_page_token"))
    return "installed"
