import os

from django.conf import settings
from django.http import HttpResponse

UPLOADS = "/srv/uploads"


def save_upload(req):
    upload = req.FILES["document"]
    # ruleid: path_traversal
    with open(os.path.join(UPLOADS, upload.name), "wb") as out:
        for chunk in upload.chunks():
            out.write(chunk)
    # ok: path_traversal
    with open(os.path.join(UPLOADS, "latest.bin"), "wb") as out:
        out.write(b"")
    return HttpResponse("saved")


def theme_css(req):
    theme = req.COOKIES.get("theme", "light")
    # ruleid: path_traversal
    with open(os.path.join(settings.STATIC_ROOT, "themes", theme + ".css")) as fh:
        css = fh.read()
    # ok: path_traversal
    with open(os.path.join(settings.STATIC_ROOT, "themes", "light.css")) as fh:
        css += fh.read()
    return HttpResponse(css, content_type="text/css")


# a helper of the views, given the request: Django's upper-case request attributes are request data
def store_attachment(incoming):
    attachment = incoming.FILES["attachment"]
    # ruleid: path_traversal
    with open(UPLOADS + "/" + attachment.name, "wb") as out:
        out.write(attachment.read())
