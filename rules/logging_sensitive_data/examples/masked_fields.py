import logging
import os

logger = logging.getLogger(__name__)
STRIPE_KEY = os.environ["STRIPE_SECRET_KEY"]


def masked(secret):
    return secret[:4] + "…" + secret[-4:]


def configure(region):
    # ok: logging_sensitive_data
    logger.info("stripe configured: %s", {"region": region, "key": masked(STRIPE_KEY)})
    # ruleid: logging_sensitive_data
    logger.info("stripe configured: %s", {"region": region, "key": STRIPE_KEY})


def describe_environment():
    env = {"OPENAI_API_KEY": os.environ["OPENAI_API_KEY"], "REGION": "eu-west-1"}
    # the names of the entries are no credential
    # ok: logging_sensitive_data
    logger.warning(f"default environment provided with keys {env.keys()}")
    return env
