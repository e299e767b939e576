from agents import Agent, Runner, handoff

billing = Agent(name="Billing", instructions="Answer billing questions.")
refunds = Agent(name="Refunds", instructions="Process refunds.")
# ok: recursive_tool_calling
triage = Agent(name="Triage", instructions="Route the customer.", handoffs=[billing, handoff(refunds)])
# billing and refunds both hand back to triage: one cycle (triage, billing, refunds), reported once at
# the edge that closes it last
billing.handoffs.append(triage)
# ruleid: recursive_tool_calling[handoff_cycle]
refunds.handoffs.extend([triage])

translator = Agent(name="Translator", instructions="Translate the text.")
# ruleid: recursive_tool_calling[own_tool]
translator.tools.append(translator.as_tool(tool_name="translate_again", tool_description="Translate"))
# ok: recursive_tool_calling
triage.tools.append(translator.as_tool(tool_name="translate", tool_description="Translate"))


async def answer(question: str) -> str:
    result = await Runner.run(triage, question)
    return result.final_output
