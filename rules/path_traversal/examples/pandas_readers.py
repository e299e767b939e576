# pandas readers open the path they are given: a file name the model or the request chose reads any
# file the process can read. A name checked against the files offered, or a fixed file, does not.
import os

import pandas as pd
from agents import function_tool
from flask import Flask, request

app = Flask(__name__)
DATA_DIR = "/srv/datasets"
OFFERED = {"sales.csv", "churn.csv"}


@function_tool
def preview_dataset(dataset: str) -> str:
    """Show the first rows of a dataset."""
    # ruleid: path_traversal
    frame = pd.read_csv(os.path.join(DATA_DIR, dataset))
    return frame.head().to_markdown()


@app.get("/sheet")
def sheet():
    # ruleid: path_traversal
    table = pd.read_excel(io=request.args["file"])
    return table.to_json()


@function_tool
def preview_offered(dataset: str) -> str:
    """Show the first rows of one of the offered datasets."""
    if dataset not in OFFERED:
        return "unknown dataset"
    # ok: path_traversal
    return pd.read_csv(os.path.join(DATA_DIR, dataset)).head().to_markdown()


@function_tool
def preview_default() -> str:
    """Show the first rows of the default dataset."""
    # ok: path_traversal
    return pd.read_parquet(os.path.join(DATA_DIR, "default.parquet")).head().to_markdown()
