import sqlite3
from textwrap import dedent

from agents import function_tool

# Session stores take their table names from the code that builds them: data of unknown origin only
# where a statement takes a name (FROM, INTO, UPDATE, JOIN, TABLE, INDEX ... ON) picks the table a
# fixed statement touches, and is reported two severities below the rule's (MEDIUM, a risk pattern),
# not as a HIGH. The same place filled by the model, or a value position, still counts in full.

HISTORY_TABLE = "history"


class ConversationStore:
    def __init__(self, db_path: str, sessions_table: str = "agent_sessions", messages_table: str = "agent_messages"):
        self.conn = sqlite3.connect(db_path)
        self.sessions_table = sessions_table
        self.messages_table = messages_table

    def create_schema(self) -> None:
        # ruleid: sql_injection
        self.conn.execute(f"CREATE TABLE IF NOT EXISTS {self.sessions_table} (session_id TEXT PRIMARY KEY)")
        self.conn.execute(
            # ruleid: sql_injection
            f"""
            CREATE INDEX IF NOT EXISTS idx_{self.messages_table}_session_id
            ON {self.messages_table} (session_id, id)
            """
        )

    def count(self) -> int:
        # ruleid: sql_injection
        return self.conn.execute("SELECT COUNT(*) FROM %s" % self.messages_table).fetchone()[0]

    def wipe(self) -> None:
        # ruleid: sql_injection
        self.conn.execute("DELETE FROM {}".format(self.messages_table))
        statement = "DROP TABLE IF EXISTS {table}".format(table=self.sessions_table)
        # ruleid: sql_injection
        self.conn.execute(statement)

    def rename(self, suffix: str) -> None:
        sql = dedent(f"ALTER TABLE {self.messages_table} RENAME TO {self.messages_table}_{suffix}")
        # ruleid: sql_injection
        self.conn.execute(sql)

    def recent(self, where: str):
        # a clause of unknown origin after WHERE is not a name
        # ruleid: sql_injection
        return self.conn.execute(f"SELECT * FROM {self.messages_table} WHERE {where}").fetchall()

    def by_kind(self, kind: str):
        # ruleid: sql_injection
        return self.conn.execute(f"SELECT * FROM {self.messages_table} WHERE kind = '{kind}'").fetchall()


def select_all(table: str) -> str:
    return f"SELECT * FROM {table}"


def copy_rows(conn, schema: str, source: str) -> None:
    # ruleid: sql_injection
    conn.execute(f"INSERT INTO {schema}.{HISTORY_TABLE} SELECT * FROM {schema}.{source}")
    # ruleid: sql_injection
    conn.execute(select_all(source))


@function_tool
def read_table(table_name: str) -> list:
    """Read every row of a table the model names."""
    conn = sqlite3.connect("app.db")
    # ruleid: sql_injection
    return conn.execute(f"SELECT * FROM {table_name}").fetchall()


@function_tool
def read_table_via_helper(table_name: str) -> list:
    """The same through a helper that builds the statement."""
    conn = sqlite3.connect("app.db")
    # ruleid: sql_injection
    return conn.execute(select_all(table_name)).fetchall()


MIGRATIONS = [
    "CREATE TABLE IF NOT EXISTS migrations (v INTEGER PRIMARY KEY)",
    "CREATE TABLE IF NOT EXISTS checkpoints (thread_id TEXT, checkpoint BLOB)",
]


class CheckpointSaver:
    MIGRATIONS = MIGRATIONS

    def __init__(self, conn):
        self.conn = conn

    def setup(self) -> None:
        cur = self.conn.cursor()
        row = cur.execute("SELECT v FROM migrations ORDER BY v DESC LIMIT 1").fetchone()
        version = -1 if row is None else row[0]
        # each name iterates its own argument of zip: the statements are the class's constant list
        for v, migration in zip(range(version + 1, len(self.MIGRATIONS)), self.MIGRATIONS[version + 1 :]):
            # ok: sql_injection
            cur.execute(migration)
            # ok: sql_injection
            cur.execute("INSERT INTO migrations (v) VALUES (?)", (v,))
        for step, statement in enumerate(MIGRATIONS):
            # ok: sql_injection
            cur.execute(statement)

    def replay(self) -> None:
        cur = self.conn.cursor()
        # statements stored in the database are data of unknown origin
        for statement, in cur.execute("SELECT statement FROM pending_statements WHERE kind = 'ddl'").fetchall():
            # ruleid: sql_injection
            cur.execute(statement)
