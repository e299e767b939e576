import json

import anthropic
import azure.functions as func
import boto3
import functions_framework
from openai import OpenAI

claude = anthropic.Anthropic()
bedrock = boto3.client("bedrock-runtime")
STYLE_GUIDE = "You are the travel desk of ACME. Book nothing without a confirmation number."
TONES = {"formal": "Answer formally.", "casual": "Answer casually."}


# an AWS Lambda handler behind API Gateway: its event is the HTTP request
def lambda_handler(event, context):
    payload = json.loads(event["body"])
    persona = payload.get("persona", "an assistant")
    # ruleid: universal_prompt_injection
    reply = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, system=f"{STYLE_GUIDE} You are {persona}.", messages=[{"role": "user", "content": payload["question"]}])
    return {"statusCode": 200, "body": reply.content[0].text}


class Concierge:
    def __init__(self, house_rules):
        self.rules = STYLE_GUIDE + "\n" + house_rules

    def answer(self, question):
        # ruleid: universal_prompt_injection
        out = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, system=self.rules, messages=[{"role": "user", "content": question}])
        return out.content[0].text


def handler(event, context):
    params = event.get("queryStringParameters") or {}
    return Concierge(params.get("rules", "")).answer(event["body"])


# the event's text goes where user text belongs; the system prompt is chosen from a fixed table
def safe_handler(event, context):
    payload = json.loads(event["body"])
    tone = TONES.get(payload.get("tone"), TONES["formal"])
    # ok: universal_prompt_injection
    reply = claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=512, system=STYLE_GUIDE + " " + tone, messages=[{"role": "user", "content": payload["question"]}])
    return {"statusCode": 200, "body": reply.content[0].text}


# an Azure Functions HTTP trigger (who may call it is the platform's function key, outside the file)
def main(req: func.HttpRequest) -> func.HttpResponse:
    brief = req.params.get("brief", "")
    messages = [{"role": "system", "content": "Summarise for an executive. " + brief}, {"role": "user", "content": req.get_body().decode()}]
    # ruleid: universal_prompt_injection
    done = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=messages)
    return func.HttpResponse(done.choices[0].message.content)


# a Google Cloud Functions HTTP function
@functions_framework.http
def summarise(request):
    audience = request.args.get("audience", "engineers")
    # ruleid: universal_prompt_injection
    done = OpenAI().chat.completions.create(model="gpt-4o-mini", messages=[{"role": "developer", "content": f"Write for {audience}."}, {"role": "user", "content": request.get_data(as_text=True)}])
    return done.choices[0].message.content


# a helper whose two parameters happen to be called event and context, but a method: not invoked by a platform
class Timeline:
    def describe(self, event, context):
        # ok: universal_prompt_injection
        return claude.messages.create(model="claude-3-5-haiku-latest", max_tokens=256, system=STYLE_GUIDE, messages=[{"role": "user", "content": f"{event}: {context}"}])
