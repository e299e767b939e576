from agents import Agent, Runner, function_tool


# ok: recursive_tool_calling
@function_tool
async def translate(text: str) -> str:
    result = await Runner.run(translator, text)
    return result.final_output


translator = Agent(name="Translator", instructions="Translate to French.")
writer = Agent(name="Writer", instructions="Write the answer.", tools=[translate])
