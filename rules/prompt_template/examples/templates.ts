import express from "express"
import Handlebars from "handlebars"
import _ from "lodash"

const app = express()

app.post("/render", (req, res) => {
  // ruleid: prompt_template
  const compiled = _.template(req.body.template)
  res.send(compiled({ user: "guest" }))
})

export function renderCard(cardTemplate: string, data: object) {
  // ruleid: prompt_template
  return Handlebars.compile(cardTemplate)(data)
}

export function renderFixed(data: { name: string }) {
  // ok: prompt_template
  return Handlebars.compile("Hello {{name}}")(data)
}
