// Platforms that call what the module gives them with the incoming request: a default-exported
// function (Vercel / Netlify functions), `Deno.serve(handler)` and `Bun.serve({ fetch })`.
export const config = { runtime: "edge" }

export default async function handler(req: Request) {
  const { url } = await req.json()
  // ruleid: ssrf
  const page = await fetch(url)
  return new Response(await page.text())
}

Deno.serve(async (req: Request) => {
  const source = new URL(req.url).searchParams.get("src")!
  // ruleid: ssrf
  return fetch(source)
})

Bun.serve({
  port: 8787,
  async fetch(req) {
    const dest = req.headers.get("x-forward-to")!
    // ruleid: ssrf
    return fetch(dest)
  },
})
