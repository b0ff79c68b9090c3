from celery import shared_task

from core.jobs import JOB_TASK

from . import services


# time limits: sent with each answer (a hint's); on the hint queue (the routing table)
@shared_task(name="drill.tasks.judge_answer", **JOB_TASK)
def judge_answer(answer_id: int) -> None:
    services.do_judge_answer(answer_id)
