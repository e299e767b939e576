# A redact / mask helper written in this file is judged by what it returns: one that hands its
# argument back (or only trims it) still logs the secret; one that keeps a few characters or rewrites
# them does not. A helper imported from another module is trusted by its name.
import logging
import os
import re

from app.secrets import SecretsBase, redact_secret

log = logging.getLogger(__name__)


def redact(value: str) -> str:
    # TODO: mask before release
    return value


class Vault:
    def __init__(self) -> None:
        self.token = os.environ["VAULT_TOKEN"]

    def mask(self, value: str) -> str:
        return value.strip()

    def mask_secret(self, value: str) -> str:
        return re.sub(r"[A-Za-z0-9]", "*", value)

    def report(self) -> None:
        # ruleid: logging_sensitive_data
        log.info("vault token %s", self.mask(self.token))
        # ok: logging_sensitive_data
        log.info("vault token %s", self.mask_secret(self.token))


class Settings(SecretsBase):
    # mask comes from SecretsBase, declared in another module: trusted by its name
    def report(self) -> None:
        # ok: logging_sensitive_data
        log.info("api key %s", self.mask(os.environ["OPENAI_API_KEY"]))


class Session(Vault):
    # mask comes from Vault above, which only strips the value
    def report(self) -> None:
        # ruleid: logging_sensitive_data
        log.info("session token %s", self.mask(os.environ["SESSION_TOKEN"]))


SECRET_KEYS = {"api_key", "token"}


class ConfigLog:
    def redact(self, config: dict) -> dict:
        return {k: ("***" if k in SECRET_KEYS else v) for k, v in config.items()}


class Payload:
    # walks a record, writing constant text over its secret entries (other values pass as they are): kept by name
    def redact(self, x):
        if isinstance(x, dict):
            out = {}
            for k, v in x.items():
                if k in SECRET_KEYS:
                    out[k] = "<redacted>"
                else:
                    out[k] = self.redact(v)
            return out
        return x

    # the same walk, copying every entry
    def mask(self, x):
        out = {}
        for k, v in x.items():
            out[k] = v
        return out


def masked(value: str) -> str:
    return value[:4] + "****"


def startup() -> None:
    token = os.environ["GITHUB_TOKEN"]
    # ruleid: logging_sensitive_data
    log.info("github token %s", redact(token))
    shown = redact(token)
    # ruleid: logging_sensitive_data
    log.info(f"github token {shown}")
    # ok: logging_sensitive_data
    log.info("github token %s", redact_secret(token))
    # ok: logging_sensitive_data
    log.info(f"github token {masked(token)}")
    config = {"api_key": os.environ["OPENAI_API_KEY"], "model": "gpt-4o"}
    # ok: logging_sensitive_data
    log.info("config %s", ConfigLog().redact(config))
    payload = Payload()
    # ok: logging_sensitive_data
    log.info("payload %s", payload.redact(config))
    # ruleid: logging_sensitive_data
    log.info("payload %s", payload.mask(config))
