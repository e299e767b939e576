from langchain_community.agent_toolkits import SQLDatabaseToolkit
from langchain_community.utilities import SQLDatabase
from langchain_openai import ChatOpenAI

READ_ONLY_URI = "sqlite:///file:reports.db?mode=ro&uri=true"
db = SQLDatabase.from_uri(READ_ONLY_URI)

# ruleid: sql_injection[nl2sql_read_only]
toolkit = SQLDatabaseToolkit(db=db, llm=ChatOpenAI(model="gpt-4o-mini"))

# ok: sql_injection
tables = db.get_usable_table_names()
