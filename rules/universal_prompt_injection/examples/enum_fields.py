# Request fields declared as an enum of the file (or a Literal) hold one of its fixed values: FastAPI
# and pydantic reject anything else before the route runs. A free text field does not.
from enum import Enum
from typing import Literal

import anthropic
from fastapi import FastAPI
from pydantic import BaseModel

app = FastAPI()
client = anthropic.Anthropic()


class Brand(str, Enum):
    northwind = "Northwind"
    contoso = "Contoso"


class Reply(BaseModel):
    brand: Brand = Brand.northwind
    register: Literal["formal", "casual"] = "casual"
    signature: str
    message: str


GUIDE = "You answer for {brand} in a {register} register. Sign as {signature}."


@app.post("/reply")
def reply(body: Reply) -> str:
    system = GUIDE.format(brand=body.brand.value, register=body.register, signature="The Support Team")
    # ok: universal_prompt_injection
    out = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=400, system=system, messages=[{"role": "user", "content": body.message}])
    return out.content[0].text


@app.post("/reply-signed")
def reply_signed(body: Reply) -> str:
    system = GUIDE.format(brand=body.brand.value, register=body.register, signature=body.signature)
    # ruleid: universal_prompt_injection
    out = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=400, system=system, messages=[{"role": "user", "content": body.message}])
    return out.content[0].text


@app.get("/persona/{brand}")
def persona(brand: Brand, question: str) -> str:
    # ok: universal_prompt_injection
    out = client.messages.create(model="claude-3-5-haiku-latest", max_tokens=200, system=f"You speak for {brand.value}.", messages=[{"role": "user", "content": question}])
    return out.content[0].text
