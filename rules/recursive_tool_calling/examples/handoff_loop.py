from agents import Agent, Runner, handoff

planner = Agent(name="Planner", instructions="Plan the trip.")
# ok: recursive_tool_calling
booker = Agent(name="Booker", instructions="Book what the planner chose.", handoffs=[handoff(planner)])
# ruleid: recursive_tool_calling[handoff_cycle]
planner.handoffs = [booker]


async def plan(request: str) -> str:
    result = await Runner.run(planner, request)
    return result.final_output
