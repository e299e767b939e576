# A prompt template reached through a same-file factory (`def build(): return prompt | llm`), an
# attribute the class sets (`self.pipeline = ...`), and inputs written as `dict(k=v)`, filled in field
# by field, or bound early with `.partial(k=v)`: a system placeholder filled from the request is
# untrusted instructions whatever way the chain and its inputs are written.
from fastapi import FastAPI, Request
from langchain_core.output_parsers import StrOutputParser
from langchain_core.prompts import ChatPromptTemplate
from langchain_openai import ChatOpenAI

api = FastAPI()
model = ChatOpenAI(model="gpt-4o-mini", max_tokens=256)
LANGS = {"en", "fr", "es"}

brief = ChatPromptTemplate.from_messages(
    [("system", "You write for {brand}. Reply in language {lang}."), ("human", "{ask}")]
)


def writer_chain():
    return brief | model | StrOutputParser()


class Copywriter:
    def __init__(self) -> None:
        self.pipeline = brief | model

    def write(self, brand: str, ask: str) -> str:
        # ruleid: universal_prompt_injection
        return self.pipeline.invoke({"brand": brand, "lang": "en", "ask": ask}).content


copywriter = Copywriter()


@api.post("/copy/factory")
async def copy_factory(request: Request):
    form = await request.json()
    runnable = writer_chain()
    # ruleid: universal_prompt_injection
    return runnable.invoke({"brand": form["brand"], "lang": "en", "ask": form["ask"]})


@api.post("/copy/method")
async def copy_method(request: Request):
    form = await request.json()
    return copywriter.write(form["brand"], form["ask"])


@api.post("/copy/fields")
async def copy_fields(request: Request):
    form = await request.json()
    variables = {"brand": "Acme", "ask": form["ask"]}
    variables["lang"] = form["lang"]
    # ruleid: universal_prompt_injection
    return writer_chain().invoke(variables)


@api.post("/copy/dict")
async def copy_dict(request: Request):
    form = await request.json()
    # ruleid: universal_prompt_injection
    return (brief | model).invoke(dict(brand=form["brand"], lang="en", ask=form["ask"])).content


@api.post("/copy/partial")
async def copy_partial(request: Request):
    form = await request.json()
    seeded = brief.partial(brand=form["brand"])
    # ruleid: universal_prompt_injection
    return (seeded | model).invoke({"lang": "en", "ask": form["ask"]}).content


@api.post("/copy/safe")
async def copy_safe(request: Request):
    form = await request.json()
    lang = form.get("lang", "en")
    if lang not in LANGS:
        lang = "en"
    settings = {"brand": "Acme", "ask": form["ask"]}
    settings["lang"] = lang
    # ok: universal_prompt_injection
    first = writer_chain().invoke(settings)
    # ok: universal_prompt_injection
    second = (brief.partial(brand="Acme") | model).invoke(dict(lang="en", ask=form["ask"]))
    # ok: universal_prompt_injection
    third = copywriter.pipeline.invoke({"brand": "Acme", "lang": "fr", "ask": form["ask"]})
    return {"a": first, "b": second.content, "c": third.content}
