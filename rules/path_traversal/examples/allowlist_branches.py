import os

import flask

THEMES = ("light", "dark")
app = flask.Flask(__name__)


@app.route("/theme.css")
def theme_css():
    theme = flask.request.args.get("theme", "light")
    if theme in THEMES:
        app.logger.info("theme %s", theme)
        # ok: path_traversal
        return open(os.path.join("/srv/themes", theme + ".css")).read()
    # ruleid: path_traversal
    with open(os.path.join("/srv/themes", theme + ".css")) as fh:
        return fh.read()
