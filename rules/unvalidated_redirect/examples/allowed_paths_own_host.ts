// `new URL(path, req.url)` stays on the host the request came to when the path is one the program
// allows; a path nobody checked can be `//evil.example` and leave it.
import { NextRequest, NextResponse } from "next/server"

const LANDING_PAGES = new Set(["/dashboard", "/settings", "/billing"])

export async function GET(req: NextRequest) {
  const wanted = req.nextUrl.searchParams.get("next") ?? "/dashboard"
  if (!LANDING_PAGES.has(wanted)) {
    return NextResponse.redirect(new URL("/dashboard", req.url))
  }
  // ok: unvalidated_redirect
  return NextResponse.redirect(new URL(wanted, req.url))
}

export async function POST(request: NextRequest) {
  const form = await request.formData()
  const back = String(form.get("returnTo") ?? "/")
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(new URL(back, request.url), 303)
}
