from langchain_community.agent_toolkits import SQLDatabaseToolkit, create_sql_agent
from langchain_community.graphs import Neo4jGraph
from langchain_community.utilities import SQLDatabase
from langchain_experimental.sql import SQLDatabaseChain
from langchain_neo4j import GraphCypherQAChain
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
db = SQLDatabase.from_uri("postgresql://admin:admin@localhost/shop")

# ruleid: sql_injection
chain = SQLDatabaseChain.from_llm(llm, db, verbose=False)

# ruleid: sql_injection
agent = create_sql_agent(llm, db=db, agent_type="openai-tools")

# ruleid: sql_injection
toolkit = SQLDatabaseToolkit(db=db, llm=llm)

graph = Neo4jGraph(url="bolt://localhost:7687")
# ruleid: sql_injection
cypher = GraphCypherQAChain.from_llm(llm, graph=graph, allow_dangerous_requests=True)

# ok: sql_injection
schema = db.get_table_info()
