import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { packageRoot } from "../src/catalogue/paths.js"
import { generatedSchemas, renderSchema } from "../src/domain/jsonSchemas.js"

for (const [name, schema] of Object.entries(generatedSchemas())) {
  const file = join(packageRoot(), "schemas", name)
  writeFileSync(file, renderSchema(schema))
  console.log(`wrote ${file}`)
}
