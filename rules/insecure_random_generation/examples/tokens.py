import random
import secrets
import string
import uuid

ALPHABET = string.ascii_letters + string.digits


def create_api_key_for(user_id: str) -> dict:
    # ruleid: insecure_random_generation
    api_key = "sk-" + "".join(random.choices(ALPHABET, k=32))
    # ok: insecure_random_generation
    request_id = uuid.uuid4().hex
    return {"user": user_id, "key": api_key, "request": request_id}


def generate_reset_token() -> str:
    # ruleid: insecure_random_generation
    return "".join(random.choice(ALPHABET) for _ in range(24))


def new_session() -> dict:
    # ruleid: insecure_random_generation
    session_id = str(uuid.uuid1())
    # ok: insecure_random_generation
    csrf_token = secrets.token_urlsafe(32)
    return {"sid": session_id, "csrf": csrf_token}


def sample_examples(examples: list) -> list:
    # ok: insecure_random_generation
    picked = random.sample(examples, k=3)
    # ok: insecure_random_generation
    temperature = random.uniform(0.2, 0.8)
    return [picked, temperature]


def make_password() -> str:
    # ok: insecure_random_generation
    return "".join(secrets.choice(ALPHABET) for _ in range(20))


import random as rnd
from random import choices, randint


def issue_invite(db, email: str) -> None:
    # ruleid: insecure_random_generation
    code = "".join(choices(ALPHABET, k=8))
    db.insert("invites", {"email": email, "invite_code": code})


def random_string(length: int) -> str:
    # ruleid: insecure_random_generation
    return "".join(rnd.choice(ALPHABET) for _ in range(length))


def register(users, name: str) -> None:
    temporary = random_string(12)
    users.create_user(name, password=temporary)


class Mailer:
    def start(self) -> None:
        # ruleid: insecure_random_generation
        self.otp = randint(100000, 999999)


def pick_greeting(greetings: list[str]) -> str:
    # ok: insecure_random_generation
    return rnd.choice(greetings)


def retry_delay(attempt: int) -> float:
    # ok: insecure_random_generation
    jitter = rnd.uniform(0, 0.5)
    # ok: insecure_random_generation
    max_tokens = randint(256, 512)
    return attempt * 2 + jitter + max_tokens / 1000
