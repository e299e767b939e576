import logging
import os

from crewai import Agent, Crew
from langchain.globals import set_debug
from openai import OpenAI

logger = logging.getLogger(__name__)
api_key = os.environ["OPENAI_API_KEY"]
client = OpenAI(api_key=api_key)

# ruleid: logging_sensitive_data
print(f"Using OpenAI key {api_key}")
# ok: logging_sensitive_data
print("Set the OPENAI_API_KEY environment variable before running.")
# ok: logging_sensitive_data
print(f"OpenAI key configured: {api_key is not None}")
# ruleid: logging_sensitive_data
logger.debug("GitHub token: %s", os.getenv("GITHUB_TOKEN"))
# ok: logging_sensitive_data
logger.info("key ends with %s", api_key[-4:])


def connect(db_password: str, user: str):
    # ruleid: logging_sensitive_data
    logger.info("Connecting as %s with %s", user, db_password)
    # ok: logging_sensitive_data
    logger.info("Connecting as %s", user)


connect(os.environ["DB_PASSWORD"], "agent")


def answer(prompt: str) -> str:
    # ruleid: logging_sensitive_data
    logger.info(f"Sending prompt: {prompt}")
    reply = client.responses.create(model="gpt-4o", input=prompt)
    # ok: logging_sensitive_data
    logger.info("Answer length %d, usage %s", len(reply.output_text), reply.usage.total_tokens)
    for token in reply.output_text.split():
        # ok: logging_sensitive_data
        print(token, end=" ")
    return reply.output_text


# ruleid: logging_sensitive_data
researcher = Agent(role="Researcher", goal="Research", backstory="Analyst", verbose=True)
# ruleid: logging_sensitive_data
crew = Crew(agents=[researcher], tasks=[], verbose=True)
# ok: logging_sensitive_data
quiet = Agent(role="Writer", goal="Write", backstory="Editor", verbose=False)
# ruleid: logging_sensitive_data
set_debug(True)


def startup(version: str):
    # ok: logging_sensitive_data
    logger.info("Loaded model, prompt version %s", version)
