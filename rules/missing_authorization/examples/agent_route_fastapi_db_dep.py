# A dependency that opens a database session is not authentication: the crew still runs for anyone.
from crewai import Crew
from fastapi import Depends, FastAPI

from .crew import build_crew
from .db import get_db

app = FastAPI()


@app.post("/research")
def research(topic: str, db=Depends(get_db)):
    crew: Crew = build_crew(db)
    # ruleid: missing_authorization[unauthenticated_agent_endpoint]
    out = crew.kickoff(inputs={"topic": topic})
    return {"report": str(out)}
