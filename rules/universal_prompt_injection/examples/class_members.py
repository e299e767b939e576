from fastapi import FastAPI, Request
from openai import OpenAI

api = FastAPI()


class TutorSession:
    """Keeps the tutor's instructions on the instance; the constructor receives them."""

    def __init__(self, llm, subject):
        self.llm = llm
        self.instructions = f"You are a patient tutor for {subject}. Explain step by step."
        self.history = []

    def ask(self, question):
        self.history.append({"role": "user", "content": question})
        return self.llm.chat.completions.create(
            model="gpt-4o-mini",
            # ruleid: universal_prompt_injection
            messages=[{"role": "system", "content": self.instructions}, *self.history],
        )


class FixedTutor:
    def __init__(self, llm):
        self.llm = llm
        self.instructions = "You are a patient maths tutor. Explain step by step."

    def ask(self, question):
        # ok: universal_prompt_injection
        return self.llm.chat.completions.create(
            model="gpt-4o-mini",
            messages=[{"role": "system", "content": self.instructions}, {"role": "user", "content": question}],
        )


@api.post("/tutor")
async def tutor(request: Request):
    body = await request.json()
    session = TutorSession(OpenAI(), body["subject"])
    fixed = FixedTutor(OpenAI())
    return {"a": session.ask(body["question"]), "b": fixed.ask(body["question"])}
