from autogen import GroupChat as Chat, GroupChatManager


def build(agents, llm_config):
    # ruleid: infinite_loop
    chat = Chat(agents, messages=[], max_round=None)
    # ok: infinite_loop
    bounded = Chat(agents=agents, messages=[], max_round=12)
    return GroupChatManager(groupchat=chat, llm_config=llm_config), bounded
