import os

from langchain_community.agent_toolkits import SQLDatabaseToolkit
from langchain_community.utilities import SQLDatabase
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o")

# ruleid: excessive_permissions
warehouse = SQLDatabase.from_uri("postgresql://postgres:@warehouse/analytics")
# ruleid: excessive_permissions
legacy = SQLDatabase.from_uri("mysql+pymysql://root:changeme@legacy-db/shop")
# ok: excessive_permissions
reporting = SQLDatabase.from_uri("postgresql+psycopg://report_reader@warehouse/analytics", include_tables=["orders"])
# ok: excessive_permissions
from_env = SQLDatabase.from_uri(os.environ["READONLY_DATABASE_URL"])

tools = SQLDatabaseToolkit(db=reporting, llm=llm).get_tools()
