# A tool that hands its arguments to a helper of the file is judged by what the helper does with
# each one: a parameter the helper allow-lists before the effect, or one the effect never sees, is
# no value the model chose; a parameter that reaches the effect unchecked is.
import shutil
import subprocess

from agents import function_tool

REFS = {"HEAD", "main"}
FOLDERS = {"/srv/cache", "/srv/tmp"}


def show(ref, fmt):
    if ref not in REFS:
        raise ValueError(ref)
    return subprocess.run(["git", "show", "--format=short", ref], capture_output=True, text=True).stdout


def wipe(folder, reason):
    if reason not in {"full", "stale"}:
        raise ValueError(reason)
    shutil.rmtree(folder)
    return f"wiped {folder}: {reason}"


def wipe_known(folder, reason):
    if folder not in FOLDERS:
        raise ValueError(folder)
    shutil.rmtree(folder)
    return f"wiped {folder}: {reason}"


@function_tool
def show_commit(ref: str, fmt: str) -> str:
    # ok: missing_human_oversight
    return show(ref, fmt)


@function_tool
def clean(folder: str, reason: str) -> str:
    # ruleid: missing_human_oversight
    return wipe(folder, reason)


@function_tool
def clean_known(folder: str, reason: str) -> str:
    # ok: missing_human_oversight
    return wipe_known(folder, reason)
