# An A2A server built with the a2a SDK and served by uvicorn on every interface, with nothing
# authenticating the caller.
import uvicorn
from a2a.server.apps import A2AStarletteApplication
from a2a.server.request_handlers import DefaultRequestHandler
from a2a.server.tasks import InMemoryTaskStore
from a2a.types import AgentCapabilities, AgentCard, AgentSkill

from .executor import TravelAgentExecutor

skill = AgentSkill(id="book", name="Book trips", description="Books flights and hotels", tags=["travel"])
card = AgentCard(
    name="travel-agent",
    description="Plans and books trips",
    url="http://travel.internal:9999/",
    version="1.2.0",
    capabilities=AgentCapabilities(streaming=True),
    default_input_modes=["text"],
    default_output_modes=["text"],
    skills=[skill],
)
handler = DefaultRequestHandler(agent_executor=TravelAgentExecutor(), task_store=InMemoryTaskStore())

# ruleid: exposed_agent_surface[a2a_no_auth]
server = A2AStarletteApplication(agent_card=card, http_handler=handler)

if __name__ == "__main__":
    uvicorn.run(server.build(), host="0.0.0.0", port=9999)
