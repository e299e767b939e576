# Proven untrusted data (uploads, request bodies, tool arguments, a folder named by a request)
# reaching a loader that runs code: reported CRITICAL. Indexes the app builds itself stay silent.
import pickle

import joblib
import yaml
from fastapi import FastAPI, UploadFile
from flask import Flask, request
from langchain_community.vectorstores import FAISS
from langchain_openai import OpenAIEmbeddings
from mcp.server.fastmcp import FastMCP

api = FastAPI()
web = Flask(__name__)
mcp = FastMCP("ml")
emb = OpenAIEmbeddings()
SNAPSHOTS = {}


@api.post("/sessions/{sid}/restore")
async def restore(sid: str, blob: UploadFile):
    data = await blob.read()
    # ruleid: unsafe_deserialization
    SNAPSHOTS[sid] = pickle.loads(data)
    return {"ok": True}


@web.route("/workflows/import", methods=["POST"])
def import_workflow():
    # ruleid: unsafe_deserialization
    spec = yaml.load(request.get_data(as_text=True), Loader=yaml.Loader)
    # ok: unsafe_deserialization
    checked = yaml.safe_load(request.get_data(as_text=True))
    return {"steps": len(spec), "checked": bool(checked)}


@mcp.tool()
def score(model_file: str, row: list[float]) -> float:
    """Score a row with a saved model."""
    # ruleid: unsafe_deserialization
    clf = joblib.load(model_file)
    return float(clf.predict([row])[0])


@api.get("/kb/{name}/search")
def kb_search(name: str, q: str):
    # ruleid: unsafe_deserialization
    store = FAISS.load_local(f"/data/kb/{name}", emb, allow_dangerous_deserialization=True)
    return [d.page_content for d in store.similarity_search(q, k=3)]


def own_index():
    store = FAISS.from_texts(["a", "b"], emb)
    store.save_local("/var/lib/app/index")
    # ok: unsafe_deserialization
    return FAISS.load_local("/var/lib/app/index", emb)


def shared_checkpoint(thread_id: str):
    import dill
    import redis

    cache = redis.Redis.from_url("redis://cache:6379/0")
    raw = cache.get(f"ckpt:{thread_id}")
    # ruleid: unsafe_deserialization
    return dill.loads(raw) if raw else None
