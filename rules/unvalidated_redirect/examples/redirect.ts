import express from "express"
import { NextRequest, NextResponse } from "next/server"

const app = express()

app.get("/continue", (req, res) => {
  // ruleid: unvalidated_redirect
  res.redirect(req.query.returnTo as string)
})

app.get("/dashboard", (req, res) => {
  // ok: unvalidated_redirect
  res.redirect("/app/dashboard")
})

export function GET(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("url") ?? "/"
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(target)
}

export function safeGET(request: NextRequest) {
  const target = new URL(request.nextUrl.searchParams.get("url") ?? "/", "https://app.example.com")
  if (target.origin !== "https://app.example.com") return NextResponse.json({ error: "bad" })
  // ok: unvalidated_redirect
  return NextResponse.redirect(target)
}

export function openFromQuery() {
  const params = new URLSearchParams(window.location.search)
  // todoruleid: unvalidated_redirect
  window.location.href = params.get("next") ?? "/"
}

export function internalNav(searchParams: URLSearchParams) {
  searchParams.get("tab")
  // ok: unvalidated_redirect
  window.location.href = "/settings"
}

const ALLOWED = new Set(["docs.example.com", "status.example.com"])

app.get("/out", (req, res) => {
  const { to } = req.query as { to: string }
  const dest = `${to}`
  // ruleid: unvalidated_redirect
  res.redirect(302, dest)
})

app.get("/raw", (req, res) => {
  // ruleid: unvalidated_redirect
  res.setHeader("Location", String(req.query.next))
  res.status(302).end()
})

app.get("/checked", (req, res) => {
  const next = String(req.query.next)
  if (!ALLOWED.has(new URL(next).hostname)) {
    res.status(400).end()
    return
  }
  // ok: unvalidated_redirect
  res.redirect(next)
})

app.get("/user", (req, res) => {
  // ok: unvalidated_redirect
  res.redirect(`/users/${req.query.id}`)
})

app.get("/cache", (req, res) => {
  // ok: unvalidated_redirect
  res.setHeader("Cache-Control", String(req.query.cc))
  res.end()
})

// Next.js route handlers: a fixed path resolved against the request's own URL stays on this site;
// a path (or a whole URL) from the query string resolved the same way does not
export async function signOut(req: NextRequest) {
  // ok: unvalidated_redirect
  return NextResponse.redirect(new URL("/login", req.url))
}

export async function afterLogin(req: NextRequest) {
  const next = req.nextUrl.searchParams.get("next") ?? "/"
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(new URL(next, req.url))
}

export async function toBase(req: NextRequest) {
  const base = req.nextUrl.searchParams.get("base") ?? "https://app.example.com"
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(new URL("/home", base))
}

export async function expired(request: NextRequest) {
  // ok: unvalidated_redirect
  return NextResponse.redirect(new URL("/session-expired", request.nextUrl.origin))
}
