# A value that fully matches a restrictive pattern (anchored at both ends, only letters, digits and
# `_ - . : @ ,`) cannot carry shell syntax: re.fullmatch, re.match with `$`, a compiled pattern, a
# helper that returns the checked value. re.search, an unanchored re.match, `.+` or a class holding
# `;`, `&`, `|` or a space validate nothing.
import re
import subprocess

from agents import function_tool

COMMIT = r"[0-9a-f]{7,40}"


def checked_ref(value: str) -> str:
    pattern = r"^[A-Za-z0-9._-]{1,64}$" if "/" not in value else r"^[A-Za-z0-9_-]+$"
    if not re.match(pattern, value):
        raise ValueError(value)
    return value


@function_tool
def show(sha: str) -> str:
    if not re.fullmatch(r"[0-9a-f]{7,40}", sha):
        raise ValueError(sha)
    # ok: code_execution
    return subprocess.check_output(f"git show {sha}", shell=True, text=True)


@function_tool
def show_stat(args: dict) -> str:
    sha = args["sha"]
    if re.fullmatch(COMMIT, sha) is None:
        raise ValueError(sha)
    # ok: code_execution
    return subprocess.check_output("git show --stat " + sha, shell=True, text=True)


@function_tool
def checkout(branch: str) -> str:
    ref = checked_ref(branch)
    # ok: code_execution
    return subprocess.check_output(f"git checkout {ref}", shell=True, text=True)


@function_tool
def tag(name: str) -> str:
    if re.compile(r"v\d+\.\d+\.\d+").fullmatch(name):
        # ok: code_execution
        return subprocess.check_output(f"git tag {name}", shell=True, text=True)
    return "bad tag"


@function_tool
def show_searched(sha: str) -> str:
    if not re.search(r"[0-9a-f]{7,40}", sha):
        raise ValueError(sha)
    # ruleid: code_execution
    return subprocess.check_output(f"git show {sha}", shell=True, text=True)


@function_tool
def show_prefix(sha: str) -> str:
    # match anchors only the start: "abc1234; rm -rf ~" passes
    if not re.match(r"[0-9a-f]{7,40}", sha):
        raise ValueError(sha)
    # ruleid: code_execution
    return subprocess.check_output(f"git show {sha}", shell=True, text=True)


@function_tool
def show_anything(ref: str) -> str:
    if not re.fullmatch(r".+", ref):
        raise ValueError(ref)
    # ruleid: code_execution
    return subprocess.check_output(f"git show {ref}", shell=True, text=True)


@function_tool
def grep(term: str) -> str:
    if not re.fullmatch(r"[\w ;&|]+", term):
        raise ValueError(term)
    # ruleid: code_execution
    return subprocess.check_output(f"grep -r {term} /srv", shell=True, text=True)


MODES = {"short", "full"}


def show_as(mode: str, sha: str) -> str:
    if mode not in MODES:
        raise ValueError(mode)
    if not re.fullmatch(COMMIT, sha):
        raise ValueError(sha)
    # one part allow-listed, the other validated: both checked, each its own way
    # ok: code_execution
    return subprocess.check_output(f"git show --format={mode} {sha}", shell=True, text=True)


@function_tool
def show_formatted(mode: str, sha: str) -> str:
    return show_as(mode, sha)


@function_tool
def show_formatted_loose(mode: str, sha: str) -> str:
    if mode not in MODES:
        raise ValueError(mode)
    # ruleid: code_execution
    return subprocess.check_output(f"git show --format={mode} {sha}", shell=True, text=True)
