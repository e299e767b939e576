import os

from transformers import AutoModelForCausalLM, AutoTokenizer, pipeline
from vllm import LLM

MODEL = "someorg/agent-13b"
COMMIT = "86f7e437faa5a7fce15d1ddcb9eaeaea377667b8"

# ruleid: supply_chain_untrusted_model[pinned]
model = AutoModelForCausalLM.from_pretrained(MODEL, revision="86f7e437faa5a7fce15d1ddcb9eaeaea377667b8", trust_remote_code=True)
# ruleid: supply_chain_untrusted_model[remote_code]
branch = AutoModelForCausalLM.from_pretrained(MODEL, trust_remote_code=True, revision="main")
# ruleid: supply_chain_untrusted_model[remote_code]
tagged = AutoTokenizer.from_pretrained(MODEL, trust_remote_code=True, revision="v1.0")
# ruleid: supply_chain_untrusted_model[remote_code]
short = AutoTokenizer.from_pretrained(MODEL, trust_remote_code=True, revision="86f7e43")
# ruleid: supply_chain_untrusted_model[remote_code]
from_env = AutoModelForCausalLM.from_pretrained(MODEL, trust_remote_code=True, revision=os.environ["MODEL_REVISION"])

generator = pipeline(
    "text-generation",
    model=MODEL,
    # ruleid: supply_chain_untrusted_model[pinned]
    trust_remote_code=True,
    revision=COMMIT,
)
# ruleid: supply_chain_untrusted_model[remote_code]
chat = pipeline("text-generation", model=MODEL, trust_remote_code=True)
# ruleid: supply_chain_untrusted_model[remote_code]
tag_pipe = pipeline("text-generation", model=MODEL, revision="release-2024-06", trust_remote_code=True)

# ruleid: supply_chain_untrusted_model[pinned]
engine = LLM(model=MODEL, trust_remote_code=True, revision=COMMIT)
# ruleid: supply_chain_untrusted_model[remote_code]
loose_engine = LLM(model=MODEL, trust_remote_code=True, revision="main")
# ruleid: supply_chain_untrusted_model[remote_code]
code_branch = LLM(model=MODEL, trust_remote_code=True, revision=COMMIT, code_revision="main")

pinned_kwargs = {"trust_remote_code": True, "revision": COMMIT}
# ruleid: supply_chain_untrusted_model[pinned]
splat = AutoModelForCausalLM.from_pretrained(MODEL, **pinned_kwargs)

loose_kwargs = {"revision": "main", "trust_remote_code": True}
# ruleid: supply_chain_untrusted_model[remote_code]
loose_splat = AutoModelForCausalLM.from_pretrained(MODEL, **loose_kwargs)

# ok: supply_chain_untrusted_model
built = dict(trust_remote_code=True, revision="v2.0")
# ruleid: supply_chain_untrusted_model[remote_code]
built_splat = AutoModelForCausalLM.from_pretrained(MODEL, **built)
built_pinned = dict(revision=COMMIT, trust_remote_code=True)
# ruleid: supply_chain_untrusted_model[pinned]
built_pinned_splat = AutoModelForCausalLM.from_pretrained(MODEL, **built_pinned)

# ok: supply_chain_untrusted_model
plain = AutoModelForCausalLM.from_pretrained(MODEL, revision=COMMIT)
# ok: supply_chain_untrusted_model
no_remote = LLM(model=MODEL, trust_remote_code=False, revision="main")
