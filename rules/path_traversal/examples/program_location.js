// A base folder built from the program's own location (__dirname, process.cwd()) holds no outside
// data: a checked name joined to it stays checked; an unchecked one still reaches the file system.
const express = require("express")
const fs = require("node:fs")
const path = require("node:path")

const app = express()
const ASSETS = path.resolve(__dirname, "assets")
const REPORTS = path.join(process.cwd(), "reports")
const THEMES = ["light.css", "dark.css"]

app.get("/asset", (req, res) => {
  const rel = path.relative(ASSETS, path.resolve(ASSETS, req.query.file))
  if (rel.startsWith("..") || path.isAbsolute(rel)) return res.status(403).end()
  // ok: path_traversal
  res.send(fs.readFileSync(path.join(ASSETS, rel), "utf8"))
})

app.get("/theme/:name", (req, res) => {
  if (!THEMES.includes(req.params.name)) return res.status(404).end()
  // ok: path_traversal
  res.type("css").send(fs.readFileSync(path.join(__dirname, "themes", req.params.name)))
})

app.get("/report", (req, res) => {
  // ruleid: path_traversal
  res.send(fs.readFileSync(path.join(REPORTS, req.query.id + ".txt"), "utf8"))
})

app.get("/asset-raw", (req, res) => {
  const rel = path.relative(ASSETS, req.query.file)
  console.log("serving", rel)
  // ruleid: path_traversal
  res.send(fs.readFileSync(path.join(ASSETS, rel), "utf8"))
})

app.get("/download/:file", (req, res) => {
  // ok: path_traversal
  res.sendFile(req.params.file, { root: ASSETS, dotfiles: "deny" })
})

app.get("/export/:file", (req, res) => {
  const options = { root: REPORTS }
  // ok: path_traversal
  res.download(req.params.file, "export.txt", options)
})

app.get("/raw/:file", (req, res) => {
  // ruleid: path_traversal
  res.sendFile(path.join(ASSETS, req.params.file), { dotfiles: "deny" })
})

app.listen(8080)
