import asyncio

from agents import Agent, ShellTool


class LocalExecutor:
    async def __call__(self, request):
        for command in request.data.action.commands:
            # the executor of a ShellTool registered with needs_approval=True: a person approves each
            # command first, so the flow is a risk one severity lower (the same executor without
            # approval: shell_tool_executors.py)
            # ruleid: code_execution[approved]
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
