import asyncio

from agents import Agent, ShellTool


class LocalExecutor:
    async def __call__(self, request):
        for command in request.data.action.commands:
            # ruleid: code_execution
            proc = await asyncio.create_subprocess_shell(command, stdout=asyncio.subprocess.PIPE)
            await proc.communicate()


agent = Agent(
    name="ops",
    instructions="Ask before running commands.",
    tools=[ShellTool(executor=LocalExecutor(), needs_approval=True)],
)


async def banner() -> None:
    # ok: code_execution
    proc = await asyncio.create_subprocess_exec("uname", "-a")
    await proc.communicate()
