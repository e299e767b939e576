import autogen


def group(config_list):
    assistant = autogen.AssistantAgent("assistant", llm_config={"config_list": config_list})
    # ruleid: infinite_loop
    executor = autogen.UserProxyAgent("executor", human_input_mode="NEVER", code_execution_config=False)
    # ok: infinite_loop
    reviewer = autogen.UserProxyAgent("reviewer", human_input_mode="NEVER", max_consecutive_auto_reply=5)
    # ruleid: infinite_loop[group_chat]
    loose = autogen.GroupChat(agents=[assistant, executor], messages=[])
    # ok: infinite_loop
    chat = autogen.GroupChat(agents=[assistant, executor, reviewer], messages=[], max_round=12)
    # ruleid: infinite_loop
    big = autogen.GroupChat(agents=[assistant, reviewer], messages=[], max_round=1000)
    # ruleid: infinite_loop[group_chat]
    unlimited = autogen.GroupChat(agents=[assistant, reviewer], messages=[], max_round=None)
    return unlimited, autogen.GroupChatManager(groupchat=chat), loose, big
