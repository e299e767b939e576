/**
 * HttpApi documents its own decode error (`HttpApiDecodeError`, 400) on every endpoint, but this
 * server never answers with it: the error middleware turns every decode failure into
 * `InvalidRequest`. Remove it so the document describes the responses clients actually get.
 */

type Json = Record<string, unknown>

const FRAMEWORK_SCHEMAS = ["HttpApiDecodeError", "Issue", "PropertyKey"]
const isFrameworkRef = (schema: unknown): boolean =>
  typeof schema === "object" && schema !== null && (schema as Json)["$ref"] === "#/components/schemas/HttpApiDecodeError"

const cleanResponse = (response: Json, components: Json): Json | undefined => {
  const content = response["content"] as Json | undefined
  const media = content?.["application/json"] as Json | undefined
  const schema = media?.["schema"] as Json | undefined
  if (media === undefined || schema === undefined) return response
  if (isFrameworkRef(schema)) return undefined
  const anyOf = schema["anyOf"]
  if (!Array.isArray(anyOf)) return response
  const kept = anyOf.filter((s) => !isFrameworkRef(s))
  if (kept.length === anyOf.length) return response
  const only = kept.length === 1 ? (kept[0] as Json) : undefined
  const ref = typeof only?.["$ref"] === "string" ? (only["$ref"] as string).split("/").pop() : undefined
  const description = ref !== undefined ? (components[ref] as Json | undefined)?.["description"] : undefined
  return {
    ...response,
    ...(typeof description === "string" ? { description } : {}),
    content: { ...content, "application/json": { ...media, schema: only ?? { anyOf: kept } } }
  }
}

export const withoutFrameworkErrors = (spec: Json): Json => {
  const components = (spec["components"] ?? {}) as Json
  const schemas = { ...(components["schemas"] as Json | undefined) }
  for (const name of FRAMEWORK_SCHEMAS) delete schemas[name]
  const paths: Json = {}
  for (const [path, item] of Object.entries((spec["paths"] ?? {}) as Json)) {
    const operations: Json = {}
    for (const [method, operation] of Object.entries(item as Json)) {
      const op = operation as Json
      const responses: Json = {}
      for (const [status, response] of Object.entries((op["responses"] ?? {}) as Json)) {
        const cleaned = cleanResponse(response as Json, schemas)
        if (cleaned !== undefined) responses[status] = cleaned
      }
      operations[method] = { ...op, responses }
    }
    paths[path] = operations
  }
  return { ...spec, paths, components: { ...components, schemas } }
}
