// Route files export their handlers by HTTP method (Next.js App Router, SvelteKit, Astro): the
// request is the caller's, typed or not.
export async function POST(req) {
  const { url } = await req.json()
  // ruleid: ssrf
  const page = await fetch(url)
  return new Response(await page.text())
}

export const GET = async (request) => {
  const target = new URL(request.url).searchParams.get("target")
  // ruleid: ssrf
  const res = await fetch(target, { redirect: "manual" })
  return new Response(res.body)
}

export async function DELETE(req) {
  const { id } = await req.json()
  // ok: ssrf
  await fetch(`https://api.example.com/items/${encodeURIComponent(id)}`, { method: "DELETE" })
  return new Response(null, { status: 204 })
}
