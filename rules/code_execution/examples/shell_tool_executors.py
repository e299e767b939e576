# The OpenAI Agents SDK's ShellTool runs the model's commands through the executor it is given, a
# function or an instance of a class with __call__: the commands are the model's. needs_approval=True
# on the tool puts a person before every command: a risk one severity lower, no longer a vulnerability.
import asyncio

from agents import Agent, ShellCommandRequest, ShellResult, ShellTool


class HostShell:
    async def __call__(self, request: ShellCommandRequest) -> ShellResult:
        outputs = []
        for line in request.data.action.commands:
            # ruleid: code_execution
            proc = await asyncio.create_subprocess_shell(line, stdout=asyncio.subprocess.PIPE)
            outputs.append((await proc.communicate())[0].decode())
        return ShellResult(output=outputs)


class ReviewedShell:
    async def __call__(self, request: ShellCommandRequest) -> ShellResult:
        outputs = []
        for line in request.data.action.commands:
            # ruleid: code_execution[approved]
            proc = await asyncio.create_subprocess_shell(line, stdout=asyncio.subprocess.PIPE)
            outputs.append((await proc.communicate())[0].decode())
        return ShellResult(output=outputs)


async def run_one(request: ShellCommandRequest) -> ShellResult:
    # ruleid: code_execution
    proc = await asyncio.create_subprocess_shell(request.data.action.commands[0], stdout=asyncio.subprocess.PIPE)
    return ShellResult(output=[(await proc.communicate())[0].decode()])


ops = Agent(
    name="ops",
    tools=[
        ShellTool(executor=HostShell()),
        ShellTool(executor=ReviewedShell(), needs_approval=True),
        ShellTool(executor=run_one),
    ],
)
