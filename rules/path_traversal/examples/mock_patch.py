# unittest.mock.patch decorates tests, not HTTP PATCH routes: their arguments are fixtures.
import json
from pathlib import Path
from unittest.mock import patch

from fastapi import FastAPI

app = FastAPI()


@patch("myapp.cache.cache_path")
def test_reads_cache(mock_cache_path, tmp_path):
    cache_file = tmp_path / "version.json"
    # ok: path_traversal
    cache_file.write_text(json.dumps({"version": "2.0.0"}))
    mock_cache_path.return_value = cache_file


@app.patch("/notes/{name}")
def rename_note(name: str, body: str):
    target = Path("/srv/notes") / name
    # ruleid: path_traversal
    target.write_text(body)
