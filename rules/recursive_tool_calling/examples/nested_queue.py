from autogen import AssistantAgent


def wire(llm_config):
    writer = AssistantAgent("writer", llm_config=llm_config)
    critic = AssistantAgent("critic", llm_config=llm_config)
    checker = AssistantAgent("checker", llm_config=llm_config)
    review_queue = [
        {"recipient": critic, "message": "Review the draft.", "summary_method": "last_msg"},
        {"recipient": checker, "message": "Check the facts.", "summary_method": "reflection_with_llm"},
    ]
    # ruleid: recursive_tool_calling[nested_chats]
    writer.register_nested_chats(review_queue, trigger=critic)
    bounded_queue = [{"recipient": critic, "message": "Review.", "max_turns": 1}]
    # ok: recursive_tool_calling
    checker.register_nested_chats(bounded_queue, trigger=writer)
    return writer
