import autogen


def wire(writer, critic, reviewer):
    # ruleid: recursive_tool_calling
    critic.register_nested_chats([{"recipient": reviewer, "summary_method": "last_msg"}], trigger=writer)
    # ok: recursive_tool_calling
    writer.register_nested_chats([{"recipient": reviewer, "max_turns": 2}], trigger=critic)
    return autogen
