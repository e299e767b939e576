// A function passed by name is the one that name is bound to: a method of an object literal is bound to
// no name, and a parameter of the same name hides a function declared in the file. Only a real route
// handler gets request data.
import express from "express"
import { Pool } from "pg"

const pool = new Pool()
const app = express()

function runReport(req: express.Request, res: express.Response) {
  // ruleid: sql_injection
  pool.query(String(req.body.sql)).then((r) => res.json(r.rows))
}
app.post("/reports/run", runReport)

export const reports = {
  // never registered as a route: `options` below is the parameter
  async options(statement: string, options: { values: Array<string> }) {
    // ok: sql_injection
    return pool.query(statement, options.values)
  },
  async get(path: string, options: { values: Array<string> }) {
    return app.get(path, options)
  },
}

function runSaved(statement: string) {
  // ok: sql_injection
  return pool.query(statement)
}

export function mount(router: express.Router, runSaved: express.RequestHandler) {
  router.get("/saved", runSaved)
}
