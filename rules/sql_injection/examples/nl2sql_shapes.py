import sqlite3

from langchain_community.utilities import SQLDatabase
from langchain_experimental import sql as lc_sql
from langchain_openai import ChatOpenAI

llm = ChatOpenAI(model="gpt-4o-mini", temperature=0)
warehouse = SQLDatabase.from_uri("postgresql://analyst@warehouse/sales")

# ruleid: sql_injection[nl2sql]
chain = lc_sql.SQLDatabaseChain.from_llm(llm, warehouse, return_intermediate_steps=True)


def ask_model_for_sql(question: str) -> dict:
    reply = llm.invoke(f"Write SQLite SQL answering: {question}. Reply with SQL only.")
    return {"sql": reply.content.strip("` \n"), "question": question}


def answer(question: str):
    plan = ask_model_for_sql(question)
    conn = sqlite3.connect("sales.db")
    # ruleid: sql_injection
    rows = conn.execute(plan["sql"]).fetchall()
    # ok: sql_injection
    conn.execute("INSERT INTO audit(question) VALUES (?)", (plan["question"],))
    return rows
