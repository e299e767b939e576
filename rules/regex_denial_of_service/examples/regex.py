import re

from langchain.tools import tool

WORD = re.compile(r"\w+")
PATTERN_SOURCE = r"\d{4}-\d{2}"


@tool
def search_notes(pattern: str, text: str) -> list[str]:
    """Find matches of a user-supplied pattern in the notes."""
    # ruleid: regex_denial_of_service
    return re.findall(pattern, text)


def filter_lines(lines: list[str], needle: str) -> list[str]:
    # ruleid: regex_denial_of_service
    matcher = re.compile(".*" + needle + ".*")
    return [line for line in lines if matcher.match(line)]


def safe(lines: list[str], needle: str) -> list[str]:
    # ok: regex_denial_of_service
    matcher = re.compile(re.escape(needle))
    # ok: regex_denial_of_service
    dates = re.findall(r"\d{4}-\d{2}-\d{2}", "\n".join(lines))
    # ok: regex_denial_of_service
    years = re.compile(PATTERN_SOURCE)
    return [line for line in lines if matcher.search(line)] + dates + [str(years)]
