# Prompts carrying a customer's details logged before the model call (MEDIUM when the data is proven
# to come from the request); logging only sizes, ids or token counts is silent.
import logging

from fastapi import FastAPI
from pydantic import BaseModel
from anthropic import Anthropic

log = logging.getLogger("triage")
app = FastAPI()
claude = Anthropic()


class Claim(BaseModel):
    holder_name: str
    policy_no: str
    details: str


@app.post("/claims/assess")
def assess(claim: Claim):
    text = "Assess this insurance claim.\nHolder: {}\nPolicy: {}\n{}".format(claim.holder_name, claim.policy_no, claim.details)
    # ruleid: logging_sensitive_data[prompt]
    log.debug("claude prompt: " + text)
    # ok: logging_sensitive_data
    log.info("assessing claim, prompt has %d chars", len(text))
    msg = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=300, messages=[{"role": "user", "content": text}])
    # ok: logging_sensitive_data
    log.info("usage in=%s out=%s", msg.usage.input_tokens, msg.usage.output_tokens)
    return {"assessment": msg.content[0].text}
