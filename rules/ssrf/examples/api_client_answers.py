# A URL GitHub's API answers with (a file's download_url, a release asset's link, an archive link) is
# the service's, not the tool's argument: the arguments only choose which repository or file. A URL the
# tool's caller gives is still the caller's, however the tool also uses the PyGithub client.
import os

import requests
from github import Auth, Github
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gh")
gh = Github(auth=Auth.Token(os.environ["GITHUB_TOKEN"]))


@mcp.tool()
def read_file(repo_name: str, path: str) -> str:
    """Read a file of a repository."""
    contents = gh.get_repo(repo_name).get_contents(path)
    # ok: ssrf
    return requests.get(contents.download_url, timeout=10).text


@mcp.tool()
def latest_asset(repo_name: str) -> int:
    """Size of the latest release's first asset."""
    repo = gh.get_repo(repo_name)
    release = repo.get_latest_release()
    asset = release.get_assets()[0]
    # ok: ssrf
    return len(requests.get(asset.browser_download_url, timeout=10).content)


@mcp.tool()
def archive(owner: str, name: str) -> int:
    """Download a repository's tarball."""
    client = Github(os.environ["GITHUB_TOKEN"])
    link = client.get_repo(f"{owner}/{name}").get_archive_link("tarball")
    # ok: ssrf
    return requests.get(link, timeout=30).status_code


@mcp.tool()
def attach(repo_name: str, source_url: str) -> int:
    """Attach a file from a URL to a repository."""
    gh.get_repo(repo_name)
    # ruleid: ssrf
    return requests.get(source_url, timeout=10).status_code


@mcp.tool()
def mirror(repo_name: str, mirror: str) -> int:
    """Fetch a repository from a mirror."""
    repo = gh.get_repo(repo_name)
    # ruleid: ssrf
    return requests.get(mirror + "/" + repo.full_name, timeout=10).status_code
