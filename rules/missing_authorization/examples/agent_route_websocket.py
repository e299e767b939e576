# An AutoGen team served over a FastAPI websocket to anyone who connects.
from autogen_agentchat.agents import AssistantAgent
from autogen_agentchat.teams import RoundRobinGroupChat
from fastapi import FastAPI, WebSocket

from .models import model_client

app = FastAPI()


@app.websocket("/ws/chat")
async def chat(websocket: WebSocket):
    await websocket.accept()
    team = RoundRobinGroupChat([AssistantAgent("assistant", model_client=model_client)], max_turns=4)
    while True:
        data = await websocket.receive_json()
        # ruleid: missing_authorization[unauthenticated_agent_endpoint]
        async for message in team.run_stream(task=data["content"]):
            await websocket.send_json({"text": str(message)})
