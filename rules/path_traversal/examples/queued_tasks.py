import json
import os

from celery import Celery, shared_task

app = Celery("mailbot", broker=os.environ.get("CELERY_BROKER_URL", "redis://localhost:6379/0"))
ATTACHMENT_ROOT = os.path.realpath("/var/lib/mailbot/attachments")


# a worker runs the task with whatever was enqueued (here an e-mail's mailbox and attachment name)
@app.task(bind=True, max_retries=3)
def summarize_attachment(self, message: str) -> str:
    job = json.loads(message)
    attachment_path = os.path.join(ATTACHMENT_ROOT, job["mailbox"], job["filename"])
    # ruleid: path_traversal
    with open(attachment_path, encoding="utf-8") as fh:
        return fh.read(40_000)


@shared_task
def read_checked(mailbox: str, filename: str) -> str:
    path = os.path.realpath(os.path.join(ATTACHMENT_ROOT, mailbox, filename))
    if not path.startswith(ATTACHMENT_ROOT + os.sep):
        raise ValueError("outside the attachment store")
    # ok: path_traversal
    with open(path, encoding="utf-8") as fh:
        return fh.read(40_000)
