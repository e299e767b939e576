// Remix / React Router loaders and actions get the incoming request in their argument.
import type { ActionFunctionArgs } from "@remix-run/node"
import type { Route } from "./+types/preview"

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  // ruleid: ssrf
  return fetch(String(form.get("webhook")))
}

export async function loader({ request }: Route.LoaderArgs) {
  const image = new URL(request.url).searchParams.get("image")!
  // ruleid: ssrf
  const upstream = await fetch(image)
  return new Response(upstream.body)
}

// a helper the component calls with a Request it builds: no route
export async function prefetch(req: Request) {
  // ok: ssrf
  return fetch(req)
}
