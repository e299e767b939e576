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
  // ruleid: unvalidated_redirect
  window.location.href = params.get("next") ?? "/"
}

export function internalNav(searchParams: URLSearchParams) {
  searchParams.get("tab")
  // ok: unvalidated_redirect
  window.location.href = "/settings"
}
