// Plain JavaScript: no types, so only string building or proven user data counts.
const http = require("node:http")

function schedule(task, delay) {
  // ok: exec_eval[timer]
  return setTimeout(task, delay)
}

function poller(check) {
  // ok: exec_eval[timer]
  const id = setInterval(check, 250)
  return () => clearInterval(id)
}

function remind(who) {
  // ruleid: exec_eval[timer]
  setTimeout(`notify("${who}")`, 60000)
}

http.createServer((req, res) => {
  const url = new URL(req.url, "http://localhost")
  const action = url.searchParams.get("action")
  // ruleid: exec_eval[timer]
  setTimeout("handle('" + action + "')", 0)
  res.end("queued")
}).listen(8080, "127.0.0.1")

module.exports = { schedule, poller, remind }
