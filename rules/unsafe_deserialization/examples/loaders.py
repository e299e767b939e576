import base64
import json
import pickle

import dill
import joblib
import numpy as np
import pandas as pd
import torch
import yaml
from fastapi import FastAPI, UploadFile
from langchain_community.vectorstores import FAISS
from langchain_openai import OpenAIEmbeddings

app = FastAPI()


@app.post("/restore")
async def restore_session(file: UploadFile):
    payload = await file.read()
    # ruleid: unsafe_deserialization
    state = pickle.loads(payload)
    return {"restored": len(state)}


@app.post("/restore-json")
async def restore_json(file: UploadFile):
    payload = await file.read()
    # ok: unsafe_deserialization
    state = json.loads(payload)
    return {"restored": len(state)}


def load_cached_memory(path: str):
    with open(path, "rb") as f:
        # ruleid: unsafe_deserialization
        return dill.load(f)


def load_classifier():
    # a constant file shipped with the application: not reported
    # ok: unsafe_deserialization
    return joblib.load("models/intent.joblib")


def load_prompts(path: str):
    with open(path) as f:
        # ruleid: unsafe_deserialization
        data = yaml.load(f)
    with open(path) as f:
        # ruleid: unsafe_deserialization
        data2 = yaml.load(f, Loader=yaml.Loader)
    with open(path) as f:
        # ok: unsafe_deserialization
        safe = yaml.safe_load(f)
    with open(path) as f:
        # ok: unsafe_deserialization
        also_safe = yaml.load(f, Loader=yaml.SafeLoader)
    with open(path) as f:
        # ruleid: unsafe_deserialization
        full = yaml.full_load(f)
    return data, data2, safe, also_safe, full


def load_model(path: str):
    # ruleid: unsafe_deserialization
    legacy = torch.load(path, weights_only=False)
    # ruleid: unsafe_deserialization
    unspecified = torch.load(path)
    # ok: unsafe_deserialization
    weights = torch.load(path, weights_only=True, map_location="cpu")
    return legacy, unspecified, weights


def load_index(index_dir: str):
    embeddings = OpenAIEmbeddings()
    # ruleid: unsafe_deserialization
    store = FAISS.load_local(index_dir, embeddings, allow_dangerous_deserialization=True)
    return store


def load_arrays(path: str):
    # ruleid: unsafe_deserialization
    arr = np.load(path, allow_pickle=True)
    # ok: unsafe_deserialization
    plain = np.load(path)
    # ruleid: unsafe_deserialization
    frame = pd.read_pickle(path)
    # ok: unsafe_deserialization
    csv = pd.read_csv(path)
    return arr, plain, frame, csv


def from_cookie(cookie: str):
    # ruleid: unsafe_deserialization
    return pickle.loads(base64.b64decode(cookie))
