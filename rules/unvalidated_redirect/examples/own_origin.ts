// A redirect that keeps the request's own host: a path starting with one `/` resolved against the
// request's URL, or the request's origin followed by a constant path. Data there only picks a path
// or a query parameter on this site; data right after the origin can move the host.
import { NextResponse, type NextRequest } from "next/server"

export async function GET(request: NextRequest) {
  const { searchParams, origin } = new URL(request.url)
  const next = searchParams.get("next") ?? "/"
  const code = searchParams.get("code")
  if (!code) {
    // ok: unvalidated_redirect
    return NextResponse.redirect(`${origin}/auth/auth-code-error`)
  }
  const back = encodeURIComponent(request.url)
  if (code === "guest") {
    // ok: unvalidated_redirect
    return NextResponse.redirect(new URL(`/api/auth/guest?redirectUrl=${back}`, request.url))
  }
  if (code === "home") {
    // ok: unvalidated_redirect
    return NextResponse.redirect(`${request.nextUrl.origin}/home?from=${code}`)
  }
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(`${origin}${next}`)
}

export async function POST(request: NextRequest) {
  const target = request.nextUrl.searchParams.get("to") ?? "/"
  // ruleid: unvalidated_redirect
  return NextResponse.redirect(new URL(target, request.url))
}
