import os
from pathlib import Path

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from flask import Flask
from starlette.staticfiles import StaticFiles as Static

app = FastAPI()

# ruleid: insecure_credential_handling[served_root]
app.mount("/", StaticFiles(directory=".", html=True), name="site")

# ruleid: insecure_credential_handling[served_root]
app.mount("/files", Static(directory=os.getcwd()), name="files")

# ok: insecure_credential_handling
app.mount("/static", StaticFiles(directory="static"), name="static")

# ok: insecure_credential_handling
app.mount("/ui", Static(directory=Path(__file__).parent / "frontend" / "dist", html=True), name="ui")

# ruleid: insecure_credential_handling[served_root]
web = Flask(__name__, static_folder=".", static_url_path="")

# ok: insecure_credential_handling
web_public = Flask(__name__, static_folder="public")
