import { drizzle } from "drizzle-orm/node-postgres";
import { sql } from "drizzle-orm";
import knex from "knex";
import express from "express";

const db = drizzle(process.env.DATABASE_URL!);
const kx = knex({ client: "pg", connection: process.env.DATABASE_URL });
const app = express();

app.get("/members", async (req, res) => {
  const team = String(req.query.team);
  // one flow, one finding: the raw fragment and the execute that runs it
  // ruleid: sql_injection
  const rows = await db.execute(sql.raw(`SELECT id, name FROM members WHERE team = '${team}'`));
  res.json(rows.rows);
});

app.get("/projects", async (req, res) => {
  const order = req.query.order as string;
  // ruleid: sql_injection
  const fragment = sql.raw(`SELECT * FROM projects ORDER BY ${order}`);
  const rows = await db.execute(fragment);
  res.json(rows.rows);
});

app.get("/tasks", async (req, res) => {
  // ruleid: sql_injection
  const rows = await kx.raw(`SELECT * FROM tasks WHERE owner = '${req.query.owner}'`);
  res.json(rows);
});

app.get("/teams", async (req, res) => {
  // ok: sql_injection
  const rows = await db.execute(sql`SELECT id, name FROM members WHERE team = ${req.query.team}`);
  res.json(rows.rows);
});
