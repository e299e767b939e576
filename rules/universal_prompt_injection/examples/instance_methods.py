from fastapi import FastAPI
from flask import Flask, request
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI
from openai import OpenAI

web = Flask(__name__)
api = FastAPI()
chat_model = ChatOpenAI(model="gpt-4o-mini")
oai = OpenAI()

STYLES = {"brief": "Answer in two sentences.", "detailed": "Answer thoroughly, with examples."}


class Responder:
    """A small wrapper the routes below call through an instance."""

    def __init__(self, model):
        self.model = model

    def answer(self, house_rules, question):
        template = ChatPromptTemplate.from_messages([
            # ruleid: universal_prompt_injection
            ("system", "You answer for ACME. House rules: " + house_rules),
            ("human", "{question}"),
        ])
        return (template | self.model).invoke({"question": question}).content


responder = Responder(chat_model)


# The route shares the method's name: the call still reaches the method.
@web.post("/answer")
def answer():
    form = request.form
    return responder.answer(form["rules"], form["question"])


# --- safe look-alikes ----------------------------------------------------------------------------

# The style picks an entry of a constant table (with a constant default): the system text is constant.
@api.get("/styled")
def styled(style: str, question: str):
    rules = STYLES.get(style, STYLES["brief"])
    # ok: universal_prompt_injection
    reply = oai.chat.completions.create(
        model="gpt-4o-mini",
        messages=[{"role": "system", "content": "You answer for ACME. " + rules}, {"role": "user", "content": question}],
    )
    return {"answer": reply.choices[0].message.content}


# A constant question through the same method is not user data.
def nightly_digest():
    return responder.answer("Be concise.", "Summarise today's tickets.")
