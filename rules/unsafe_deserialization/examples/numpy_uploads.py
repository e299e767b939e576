# numpy.load with allow_pickle=True unpickles object arrays: an uploaded array runs code on load
# (CRITICAL, like pickle); without allow_pickle numpy refuses object arrays.
import numpy as np
from fastapi import FastAPI, UploadFile

api = FastAPI()


@api.post("/embeddings/import")
async def import_embeddings(vectors: UploadFile):
    # ruleid: unsafe_deserialization
    matrix = np.load(vectors.file, allow_pickle=True)
    return {"rows": len(matrix)}


@api.post("/embeddings/import-plain")
async def import_plain(vectors: UploadFile):
    # ok: unsafe_deserialization
    matrix = np.load(vectors.file)
    return {"rows": len(matrix)}
