from agents import Agent, Runner

faq = Agent(name="FAQ", instructions="Answer common questions.")
# ok: recursive_tool_calling
support = Agent(name="Support", instructions="Route the customer.", handoffs=[faq])
# ok: recursive_tool_calling
faq.handoffs = [support]


async def answer(question: str) -> str:
    result = await Runner.run(support, question, max_turns=6)
    return result.final_output
