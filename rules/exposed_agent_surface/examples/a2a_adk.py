# Google ADK's to_a2a wraps an agent in a Starlette A2A app with no authentication.
from google.adk.a2a.utils.agent_to_a2a import to_a2a
from google.adk.agents import Agent

root_agent = Agent(name="helpdesk", model="gemini-2.0-flash", instruction="Answer IT questions.")

# ruleid: exposed_agent_surface[a2a_no_auth]
a2a_app = to_a2a(root_agent, port=8001)
