import os
from dataclasses import dataclass

import boto3
from anthropic import Anthropic
from langchain_openai import ChatOpenAI
from openai import OpenAI

# ruleid: hardcoded_credentials
client = OpenAI(api_key="sk-proj-hMMB0K6xlTtLXEGmNcXiW4SWPue9jKCE6QG0H5YtohR_FULb-_W6S9lP72v1uIoU")

# ruleid: hardcoded_credentials
claude = Anthropic(api_key="sk-ant-api03-UU_RuQvABoib9K-NpxpRkfy9Z-nbirX9pyzzC-6wsX_uXYZGwRgwbhmiKBq82hq0IETvt5_uVaPYjWMD5mhQ6J_3hM8OqAA")

# ruleid: hardcoded_credentials
os.environ["OPENAI_API_KEY"] = "sk-svcacct-NFFA1VsFiiyJk9Xpl-WMonrRSbkit42vURGN4kSSCd18NSj3RGmV3ZJv"

s3 = boto3.client(
    "s3",
    # ruleid: hardcoded_credentials
    aws_access_key_id="AKIAH3T4GAC9F9HM736G",
    # ruleid: hardcoded_credentials
    aws_secret_access_key="6oGEp5zR+YYByHQby0znzdp5KMcaBnaT/559wXOe",
)

# ruleid: hardcoded_credentials
GITHUB_TOKEN = "ghp_PKuC7atBXjCl2uKUKTeKdxWYZ0iJZ6UhmxwC"

# ruleid: hardcoded_credentials
vector_db_api_key = "Lx18pOzBGj6Jmxrp5qt6HayW2HtT1L3DjoAMrw5M"

# ruleid: hardcoded_credentials
DATABASE_URL = "postgresql://agent_svc:FbM6NcPyk6Yn1P@db.internal.acme-corp.net:5432/agents"
# ruleid: hardcoded_credentials
CACHE_URL = "redis://:Qm7vT2xLr9sK@cache.internal.acme-corp.net:6379/0"
# ok: hardcoded_credentials
QUEUE_URL = "redis://:${REDIS_PASSWORD}@cache.internal.acme-corp.net:6379/1"

SYSTEM_PROMPT = (
    "You are the billing assistant. Use the internal API with "
    # ruleid: hardcoded_credentials
    "Authorization: Bearer 7kfzb4dWCwt9jqNy4-6jBdQo6RJb5XIwuQ4GA353F17ju235 when you call it."
)

# ok: hardcoded_credentials
llm = ChatOpenAI(api_key=os.environ["OPENAI_API_KEY"])
# ok: hardcoded_credentials
tavily_key = os.getenv("TAVILY_API_KEY")
# ok: hardcoded_credentials
openai_api_key = "sk-..."
# ok: hardcoded_credentials
anthropic_api_key = "your_api_key_here"
# ok: hardcoded_credentials
api_key = "<API_KEY>"
# ok: hardcoded_credentials
STRIPE_PUBLISHABLE_KEY = "pk_live_R0nviO6cUXeDxsv7Fyg8Pd9CpZLmeeHNgDK6SMkE1VzGxvmY"
# ok: hardcoded_credentials
secret_name = "OPENAI_API_KEY"
# ok: hardcoded_credentials
session_token = "3f1c9a0e-7b2d-4c8e-9a61-0d2b7e5f4c31"
# ok: hardcoded_credentials
model_sha256 = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
# ok: hardcoded_credentials
LOCAL_DB = "postgresql://postgres:postgres@localhost:5432/dev"
# ok: hardcoded_credentials
DOCS_URL = "https://platform.openai.com/docs/api-reference/authentication"
# ok: hardcoded_credentials
password = ""
# ok: hardcoded_credentials
token = "test-token-1234567890abcdef"
# ok: hardcoded_credentials
aws_key = "AKIAIOSFODNN7EXAMPLE"
# ok: hardcoded_credentials
tokenizer = "sentence-transformers/all-MiniLM-L6-v2-tokenizer"
# ok: hardcoded_credentials
max_tokens = 4096

PEM_HEADER = "-----BEGIN RSA PRIVATE KEY-----"


def is_private_key(text: str) -> bool:
    # ok: hardcoded_credentials
    return text.startswith("-----BEGIN PRIVATE KEY-----")


# ruleid: hardcoded_credentials
SIGNING_KEY = "-----BEGIN PRIVATE KEY-----\nqrmoKmKw9/Y7pX0gQIyAgd+MkgNnzv6AFjLqXd0yLS+TRpt5lf46wO9Sc7ujzibT9Jf57gHPd5V/SnSUp1GiI1\n-----END PRIVATE KEY-----\n"

# analytics: the project's anonymous key (its payload claims role anon) is public by design
# ok: hardcoded_credentials
TELEMETRY_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InFodHJ2Ym53eGt6eXBsbWNkZmdzIiwicm9sZSI6ImFub24iLCJpYXQiOjE3MTYwMDAwMDAsImV4cCI6MjAzMTU3NjAwMH0.rK4a3y0YI6c2WYVjjON6YhjN_jxA9JTWuwThKnYYvgc"
# the same project's service-role key bypasses row-level security
# ruleid: hardcoded_credentials
ADMIN_TELEMETRY_KEY = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZSIsInJlZiI6InFodHJ2Ym53eGt6eXBsbWNkZmdzIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImlhdCI6MTcxNjAwMDAwMCwiZXhwIjoyMDMxNTc2MDAwfQ.T9vb_IlxTB2N6K8KM3D1gydrjTLYyPOGTLeSMMCG0Yg"

# PostHog's project key only sends events (public by design, it ships in every browser page)
# ok: hardcoded_credentials
POSTHOG_PROJECT_API_KEY = "phc_F8JMNjW1i2KbGUTaW1unnDdLSPCoyc52SGRU0JecaUh"
# ruleid: hardcoded_credentials
POSTHOG_PERSONAL_API_KEY = "phx_7Jd8Kq2LmN4pR6sT8vW0xY2zA4bC6dE8fG0hJ2kL4mN"


@dataclass
class LlmSettings:
    # ruleid: hardcoded_credentials
    mistral_api_key: str = "Qm7vT2kLx9RbW4cN8pYf3HdJ6sGa1EuZ"
    # ok: hardcoded_credentials
    mistral_api_key_env: str = "MISTRAL_API_KEY"
    # ok: hardcoded_credentials
    api_key: str | None = None


# ruleid: hardcoded_credentials
GROQ_KEY = "Xk4dR8vN2qLm7tYb3WcF9pZs6HgJ1aEu"
# ok: hardcoded_credentials
CACHE_KEY = "lead-scores-v2"
