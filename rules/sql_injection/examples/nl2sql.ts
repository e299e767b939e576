import { SqlDatabase } from "langchain/sql_db"
import { SqlDatabaseChain } from "langchain/chains/sql_db"
import { ChatOpenAI } from "@langchain/openai"
import { DataSource } from "typeorm"

export async function buildChain() {
  const datasource = new DataSource({ type: "postgres", url: process.env.DATABASE_URL })
  const db = await SqlDatabase.fromDataSourceParams({ appDataSource: datasource })
  // ruleid: sql_injection[nl2sql]
  const chain = new SqlDatabaseChain({ llm: new ChatOpenAI({ model: "gpt-4o-mini" }), database: db })
  // ok: sql_injection
  const info = await db.getTableInfo()
  return { chain, info }
}
