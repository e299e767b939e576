import autogen_agentchat.conditions as cond
from autogen_agentchat.conditions import HandoffTermination, MaxMessageTermination, TextMentionTermination
from autogen_agentchat.teams import RoundRobinGroupChat, SelectorGroupChat
from autogen_agentchat.teams import Swarm as AgentSwarm


def review_team(writer, critic):
    # ruleid: infinite_loop[model_stop]
    return RoundRobinGroupChat([writer, critic], termination_condition=TextMentionTermination("TERMINATE"))


def triage_team(router, billing, refunds, client):
    done = cond.TextMentionTermination("DONE")
    # ruleid: infinite_loop[model_stop]
    team = SelectorGroupChat([router, billing, refunds], client, done)
    return team


def support_swarm(agents):
    stop_on_handoff = HandoffTermination(target="user")
    # ruleid: infinite_loop[model_stop]
    return AgentSwarm(agents, stop_on_handoff)


def either_model_stop(planner, coder):
    ask_human_or_done = TextMentionTermination("DONE") | HandoffTermination(target="user")
    # ruleid: infinite_loop[model_stop]
    return RoundRobinGroupChat(participants=[planner, coder], termination_condition=ask_human_or_done)


def research_team(lead, analyst):
    # ok: infinite_loop
    return RoundRobinGroupChat([lead, analyst], termination_condition=TextMentionTermination("TERMINATE") | MaxMessageTermination(20))


def bounded_by_variable(lead, analyst):
    limit = TextMentionTermination("APPROVED") | MaxMessageTermination(max_messages=15)
    # ok: infinite_loop
    return AgentSwarm([lead, analyst], termination_condition=limit)


def bounded_by_turns(lead, analyst, client):
    # ok: infinite_loop
    return SelectorGroupChat([lead, analyst], model_client=client, termination_condition=cond.StopMessageTermination(), max_turns=10)


def both_must_hold(editor, checker):
    # `&` ends the chat only once both conditions hold: twenty messages alone do not stop it
    approved_and_long = TextMentionTermination("APPROVE") & MaxMessageTermination(20)
    # ruleid: infinite_loop[model_stop]
    return RoundRobinGroupChat([editor, checker], termination_condition=approved_and_long)


def both_or_cap(editor, checker):
    # ok: infinite_loop
    return RoundRobinGroupChat([editor, checker], termination_condition=(TextMentionTermination("APPROVE") & MaxMessageTermination(5)) | MaxMessageTermination(40))
