from fastapi import FastAPI
from flask import Flask, jsonify
from openai import OpenAI

app = Flask(__name__)
api = FastAPI()
client = OpenAI()


class PromptConfig:
    SYSTEM_PROMPT = "You are the billing agent for Acme. Answer invoice questions."
    MODEL = "gpt-4o-mini"
    MAX_TOKENS = 400


class TravelAssistant:
    base = "You are a travel assistant. Suggest trains before flights."

    def reply(self, q):
        return client.chat.completions.create(model="gpt-4o", messages=[{"role": "system", "content": self.base}, {"role": "user", "content": q}])


@app.get("/debug/prompt")
def debug_prompt():
    # ruleid: system_prompt_leak[prompt_returned]
    return jsonify(prompt=PromptConfig.SYSTEM_PROMPT)


@api.get("/debug/travel")
def debug_travel():
    # ruleid: system_prompt_leak[prompt_returned]
    return {"prompt": TravelAssistant.base}


@api.get("/debug/model")
def debug_model():
    # ok: system_prompt_leak
    return {"model": PromptConfig.MODEL, "max_tokens": PromptConfig.MAX_TOKENS}
