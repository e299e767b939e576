import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { packageRoot } from "../../src/catalogue/paths.js"
import { generatedSchemas, renderSchema } from "../../src/domain/jsonSchemas.js"

describe("committed JSON Schemas", () => {
  it.each(Object.entries(generatedSchemas()))("%s matches the Schema in src/domain (run `npm run schemas` after changing it)", (name, schema) => {
    const committed = readFileSync(join(packageRoot(), "schemas", name), "utf8")
    expect(committed).toBe(renderSchema(schema))
  })
})
