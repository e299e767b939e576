import subprocess

import httpx


def fetch_release(channel):
    return httpx.get(f"https://releases.example.com/{channel}.json").json()


def build_job(channel, defaults):
    release = fetch_release(channel)
    return {**defaults, "release": release, "hook": release["post_install"]}


def install(channel):
    job = build_job(channel, {"installer": "/usr/local/bin/installer", "flags": "--quiet"})
    # ok: code_execution
    subprocess.run([job["installer"], job["flags"]], check=True)
    # ruleid: code_execution
    subprocess.run(job["hook"], shell=True, check=True)
