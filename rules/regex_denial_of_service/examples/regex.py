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


import re as regexp
from re import compile as compile_pattern

EMAIL = r"^([a-zA-Z0-9_.+-]+)+@example\.com$"


def parse_dates(text: str) -> list[str]:
    date_pattern = r"\d{4}-\d{2}-\d{2}"
    # ok: regex_denial_of_service
    return re.findall(date_pattern, text)


def is_company_mail(address: str) -> bool:
    # ruleid: regex_denial_of_service[nested_quantifier]
    return re.match(EMAIL, address) is not None


def words(text: str) -> list[str]:
    spaced = r"(\w+\s?)*$"
    # ruleid: regex_denial_of_service[nested_quantifier]
    return regexp.findall(spaced, text)


@tool
def grep_logs(query: dict, logs: str) -> list[str]:
    """Search the logs for a regular expression given by the agent."""
    expression = f"(?i){query['pattern']}"
    # ruleid: regex_denial_of_service
    finder = compile_pattern(expression)
    # ok: regex_denial_of_service
    literal = compile_pattern(re.escape(query["pattern"]))
    # ok: regex_denial_of_service
    bounded = regexp.compile(r"(\d{1,3}\.){3}\d{1,3}")
    return finder.findall(logs) + literal.findall(logs) + bounded.findall(logs)


HOST_LABELS = re.compile(r"^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)*[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$")


def checked_host(name: str) -> str:
    # each repeated label ends with a dot nothing else in it matches: one way to split, no backtracking
    # ok: regex_denial_of_service
    labels = re.compile(r"^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$")
    # a dot inside the label as well: the passes can split a run of dots many ways
    # ruleid: regex_denial_of_service[nested_quantifier]
    loose = re.compile(r"^([a-z0-9.]+\.)+[a-z]{2,}$")
    if not HOST_LABELS.fullmatch(name) or not labels.match(name) or not loose.match(name):
        raise ValueError(name)
    return name
