import Database from "better-sqlite3";
import OpenAI from "openai";
import { SqlDatabase } from "langchain/sql_db";

const openai = new OpenAI();
const reports = new Database("reports.db");

async function draftQuery(question: string): Promise<string> {
  const completion = await openai.chat.completions.create({
    model: "gpt-4o-mini",
    messages: [
      { role: "system", content: "Reply with a single SQLite SELECT statement." },
      { role: "user", content: question },
    ],
  });
  return completion.choices[0].message.content ?? "";
}

// The statement the model wrote is compiled and run as is.
export async function answerWithSql(question: string) {
  const statement = await draftQuery(question);
  // ruleid: sql_injection
  return reports.prepare(statement).all();
}

// A LangChain SqlDatabase handed in by the caller runs the model's text.
export async function runGenerated(db: SqlDatabase, question: string) {
  const generated = (await draftQuery(question)).replace(/```sql|```/g, "");
  // ruleid: sql_injection
  return db.run(generated);
}

// --- safe look-alikes ----------------------------------------------------------------------------

// The model's answer is a value bound to a fixed statement.
export async function lookupRegion(question: string) {
  const region = await draftQuery(question);
  // ok: sql_injection
  return reports.prepare("SELECT total FROM sales WHERE region = ?").all(region);
}
