import duckdb
from langchain_community.utilities import SQLDatabase
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI

writer = ChatOpenAI(model="gpt-4o-mini", temperature=0)
warehouse = duckdb.connect("warehouse.duckdb")


def sql_for(question: str) -> str:
    return writer.invoke(f"Write one DuckDB query answering: {question}. SQL only.").content


# A typed parameter: the SQLDatabase the caller passes runs the model's text.
def answer(database: SQLDatabase, question: str) -> str:
    generated = sql_for(question)
    # ruleid: sql_injection
    return database.run(generated)


@tool
def warehouse_question(question: str) -> str:
    """Answer a question from the warehouse."""
    # ruleid: sql_injection
    rows = warehouse.sql(sql_for(question)).fetchall()
    return str(rows)


# --- safe look-alikes ----------------------------------------------------------------------------

def table_names(database: SQLDatabase) -> str:
    # ok: sql_injection
    return database.run("SELECT name FROM sqlite_master WHERE type = 'table'")


@tool
def region_total(region: str) -> str:
    """Total sales of a region."""
    # ok: sql_injection
    return str(warehouse.execute("SELECT sum(total) FROM sales WHERE region = ?", [region]).fetchall())
