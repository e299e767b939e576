from google import genai
from google.genai import types

client = genai.Client()
WRITER = "You write landing-page copy. Return only the copy."
CRITIC = "Reply APPROVED if the draft meets the brief, else list the changes."


def _generate(system: str, content: str) -> str:
    resp = client.models.generate_content(
        model="gemini-2.0-flash",
        contents=content,
        config=types.GenerateContentConfig(system_instruction=system, max_output_tokens=600),
    )
    return (resp.text or "").strip()


def refine_until_approved(brief: str) -> str:
    draft = _generate(WRITER, brief)
    while True:
        # ruleid: infinite_loop[endless]
        verdict = _generate(CRITIC, f"Brief:\n{brief}\n\nDraft:\n{draft}")
        if verdict.upper().startswith("APPROVED"):
            return draft
        # ruleid: infinite_loop[endless]
        draft = _generate(WRITER, f"{brief}\n\nFeedback:\n{verdict}")


def refine_a_few_times(brief: str, max_rounds: int = 4) -> str:
    draft = _generate(WRITER, brief)
    for _ in range(max_rounds):
        # ok: infinite_loop
        verdict = _generate(CRITIC, f"Brief:\n{brief}\n\nDraft:\n{draft}")
        if verdict.upper().startswith("APPROVED"):
            break
        draft = _generate(WRITER, f"{brief}\n\nFeedback:\n{verdict}")
    return draft


def chat(ask=input, show=print) -> None:
    """A terminal chat: the person typing ends it."""
    while True:
        try:
            line = ask("> ").strip()
        except (EOFError, KeyboardInterrupt):
            break
        # ok: infinite_loop
        show(_generate(WRITER, line))
