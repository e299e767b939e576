from autogen_agentchat.conditions import MaxMessageTermination, TextMentionTermination
from autogen_agentchat.agents import UserProxyAgent
from autogen_agentchat.teams import RoundRobinGroupChat, SelectorGroupChat, Swarm


def teams(planner, coder, reviewer, model_client):
    # ruleid: infinite_loop
    endless = RoundRobinGroupChat([planner, coder, reviewer])
    termination = TextMentionTermination("APPROVE") | MaxMessageTermination(12)
    # ok: infinite_loop
    stops = RoundRobinGroupChat([planner, coder, reviewer], termination_condition=termination)
    # ok: infinite_loop
    capped = SelectorGroupChat([planner, coder], model_client=model_client, max_turns=10)
    # ok: infinite_loop
    positional = RoundRobinGroupChat([planner, coder], termination)
    return endless, stops, capped, positional


def with_human(assistant, critic):
    reviewer = UserProxyAgent("reviewer", input_func=input)
    # ok: infinite_loop
    return RoundRobinGroupChat([assistant, critic, reviewer])


def with_human_inline(assistant, critic):
    # ok: infinite_loop
    return Swarm(participants=[assistant, critic, UserProxyAgent("user")])


def swarm_without_human(assistant, critic):
    # ruleid: infinite_loop
    return Swarm([assistant, critic])
