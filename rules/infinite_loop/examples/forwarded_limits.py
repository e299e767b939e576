from autogen_agentchat.teams import BaseGroupChat
from pydantic import BaseModel
from agents import Runner


class TeamConfig(BaseModel):
    max_turns: int | None = None
    max_round: int | None = None


class ReviewTeam(BaseGroupChat):
    """A team class of a library: it forwards the limit its user chooses."""

    def __init__(self, participants, *, termination_condition=None, max_turns: int | None = None):
        # ok: infinite_loop
        super().__init__(participants=participants, termination_condition=termination_condition, max_turns=max_turns)


async def answer(agent, question: str, max_turns=None):
    # ok: infinite_loop
    return await Runner.run(agent, question, max_turns=max_turns)


async def answer_unbounded(agent, question: str):
    max_turns = None
    # ruleid: infinite_loop
    return await Runner.run(agent, question, max_turns=max_turns)


async def answer_without_limit(agent, question: str):
    # ruleid: infinite_loop
    return await Runner.run(agent, question, max_turns=None)
