import io
import os
import shutil
import zipfile
from pathlib import Path

from agents import function_tool

WORKSPACE = os.path.realpath("workspace")


@function_tool
def unpack(archive: bytes) -> str:
    """Unpack an archive the model passes into the workspace."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        for member in zf.namelist():
            target = os.path.realpath(os.path.join(WORKSPACE, member))
            # inside the workspace, or the workspace itself
            if not target.startswith(WORKSPACE + os.sep) and target != WORKSPACE:
                continue
            if member.endswith("/"):
                # ok: path_traversal
                os.makedirs(target, exist_ok=True)
                continue
            # ok: path_traversal
            with zf.open(member) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
    return "unpacked"


@function_tool
def save_note(name: str, text: str) -> str:
    """Save a note under the notes folder."""
    base = Path("notes").resolve()
    path = (base / name).resolve()
    if not path.is_relative_to(base) and path != base:
        return "refused"
    # ok: path_traversal
    path.write_text(text, encoding="utf-8")
    return "saved"


@function_tool
def unpack_checked_badly(archive: bytes, marker: str) -> str:
    """An equality with another value of the model's is no containment."""
    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        for member in zf.namelist():
            target = os.path.realpath(os.path.join(WORKSPACE, member))
            if not target.startswith(WORKSPACE + os.sep) and target != marker:
                continue
            # ruleid: path_traversal
            with zf.open(member) as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst)
    return "unpacked"
