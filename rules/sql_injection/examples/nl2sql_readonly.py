from langchain_community.agent_toolkits import create_sql_agent
from langchain_community.utilities import SQLDatabase
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
db = SQLDatabase.from_uri("sqlite:///file:shop.db?mode=ro&uri=true")

# ruleid: sql_injection
agent = create_sql_agent(llm, db=db, agent_type="openai-tools")

# ok: sql_injection
dialect = db.dialect
