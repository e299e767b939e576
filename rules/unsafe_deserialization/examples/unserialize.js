const express = require("express")
const serialize = require("node-serialize")
const yaml = require("js-yaml")

const app = express()

app.post("/profile", (req, res) => {
  // ruleid: unsafe_deserialization
  const profile = serialize.unserialize(req.cookies.profile)
  // ok: unsafe_deserialization
  const prefs = JSON.parse(req.body.prefs)
  res.json({ profile, prefs })
})

function loadFlow(text) {
  // ruleid: unsafe_deserialization
  const unsafe = yaml.load(text, { schema: yaml.DEFAULT_FULL_SCHEMA })
  // ok: unsafe_deserialization
  const safe = yaml.load(text)
  return [unsafe, safe]
}

module.exports = { app, loadFlow }
