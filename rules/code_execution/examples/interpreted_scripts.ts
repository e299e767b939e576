import { spawn, execFile } from "node:child_process"
import express from "express"

const app = express()

// a job runner whose script path comes from the request: the interpreter runs whatever file it names
app.post("/jobs", (req, res) => {
  // ruleid: code_execution[program]
  const job = spawn("bash", [req.body.script, "--quiet"])
  // ruleid: code_execution[program]
  execFile("python3", [req.body.entry], () => res.end())
  // ok: code_execution
  spawn("node", ["dist/worker.js", req.body.jobId])
  // ok: code_execution
  spawn("python3", ["-m", "jobs.run", req.body.jobId])
  job.on("close", () => res.end())
})
