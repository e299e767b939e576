const express = require("express")
const { requireLogin } = require("./auth")

const router = express.Router()
const HOME_PAGES = new Set(["/agents", "/runs", "/settings"])

// the connect route keeps where to go afterwards in the session; the callback redirects there
router.get("/connect/start", requireLogin, (req, res) => {
  req.session.afterConnect = req.query.next || "/settings"
  req.session.landing = req.query.landing || "/agents"
  req.session.flash = "Connecting..."
  res.redirect("https://accounts.example.com/oauth/authorize")
})

router.get("/connect/callback", requireLogin, (request, response) => {
  const target = request.session.afterConnect
  delete request.session.afterConnect
  // ruleid: unvalidated_redirect
  response.redirect(target)
})

router.get("/connect/welcome", requireLogin, (req, res) => {
  const landing = req.session.landing
  if (!HOME_PAGES.has(landing)) return res.redirect("/agents")
  // ok: unvalidated_redirect
  res.redirect(landing)
})

router.get("/connect/done", requireLogin, (req, res) => {
  // ok: unvalidated_redirect
  res.redirect(req.session.returnPage || "/agents")
})

module.exports = router
