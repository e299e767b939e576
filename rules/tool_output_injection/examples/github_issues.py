# Issues, pull requests and comments are written by outsiders: what PyGithub reads of them stays untrusted
# although its other answers (a file's download link, a repository's counts) are of unknown origin.
import os
from github import Github
from mcp.server.fastmcp import FastMCP

mcp = FastMCP("gh")
gh = Github(os.environ["GITHUB_TOKEN"])


@mcp.tool()
def issue_text(repo_name: str, number: int) -> str:
    """An issue's body."""
    issue = gh.get_repo(repo_name).get_issue(number)
    # ruleid: tool_output_injection
    return issue.body


@mcp.tool()
def issue_comments(repo_name: str, number: int) -> str:
    """An issue's comments."""
    issue = gh.get_repo(repo_name).get_issue(number)
    # ruleid: tool_output_injection
    return "\n".join(c.body for c in issue.get_comments())


@mcp.tool()
def pull_text(repo_name: str, number: int) -> str:
    """A PR's body."""
    repo = gh.get_repo(repo_name)
    # ruleid: tool_output_injection
    return repo.get_pull(number).body


@mcp.tool()
def stars(repo_name: str) -> str:
    """A repository's star count and default branch."""
    repo = gh.get_repo(repo_name)
    # ok: tool_output_injection
    return f"{repo.stargazers_count} {repo.default_branch}"


@mcp.tool()
def open_issues(repo_name: str) -> str:
    """The open issues' titles and bodies."""
    repo = gh.get_repo(repo_name)
    # ruleid: tool_output_injection
    return "\n".join(f"{i.title}: {i.body}" for i in repo.get_issues(state="open"))


@mcp.tool()
def review_notes(repo_name: str, number: int) -> str:
    """A pull request's review comments."""
    pull = gh.get_repo(repo_name).get_pulls(state="open")[0]
    # ruleid: tool_output_injection
    return "\n".join(c.body for c in pull.get_review_comments())
