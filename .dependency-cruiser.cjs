/**
 * The folder layout is the architecture (README "Layout"), checked by dependency-cruiser
 * (`npx depcruise src scripts`, and test/architecture.test.ts):
 *
 * - Layers: ground pieces (domain, config) at the bottom, then languages, then catalogue and
 *   builders, the engine, report and store, use cases, and http and cli on top. A folder of src/
 *   imports only folders of a lower layer; nothing runs back up, and folders of one layer stay apart.
 * - Front door: outside src/engine/ (scripts/ included) the engine is imported from
 *   src/engine/index.ts, or its lean half src/engine/service.ts (no parsers), and nowhere else.
 * - Every top-level entry of src/ has a layer, so a new folder is placed on purpose.
 *
 * test/ and benchmarks/ are not cruised: they test and measure the engine's parts one by one.
 */
const LAYERS = {
  domain: 0,
  config: 0,
  "version.ts": 0,
  languages: 1,
  catalogue: 2,
  builders: 2,
  engine: 3,
  report: 4,
  store: 4,
  usecases: 5,
  http: 6,
  cli: 7
}
const ENGINE_DOORS = ["src/engine/index.ts", "src/engine/service.ts"]

const literal = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
/** the top-level entries of src/ named */
const under = (names) => `^src/(?:${names.map(literal).join("|")})(?:/|$)`
const placed = Object.keys(LAYERS)

const upward = placed.flatMap((name) => {
  const above = placed.filter((other) => other !== name && LAYERS[other] >= LAYERS[name])
  if (above.length === 0) return []
  return [{
    name: "upward-import",
    comment: `src/${name} (layer ${LAYERS[name]}) may import only lower layers, not ${above.map((a) => `src/${a} (layer ${LAYERS[a]})`).join(", ")}`,
    severity: "error",
    from: { path: under([name]) },
    to: { path: under(above) }
  }]
})

module.exports = {
  forbidden: [
    {
      name: "deep-import",
      comment: `outside src/engine/, import the engine from ${ENGINE_DOORS.join(" or ")} only`,
      severity: "error",
      from: { pathNot: "^src/engine/" },
      to: { path: "^src/engine/", pathNot: `^(?:${ENGINE_DOORS.map(literal).join("|")})$` }
    },
    ...upward,
    {
      name: "unknown-folder",
      comment: "this top-level entry of src/ has no layer: add it to LAYERS in .dependency-cruiser.cjs",
      severity: "error",
      from: { path: "^src/", pathNot: under(placed) },
      to: {}
    },
    {
      name: "unknown-folder",
      comment: "this top-level entry of src/ has no layer: add it to LAYERS in .dependency-cruiser.cjs",
      severity: "error",
      from: {},
      to: { path: "^src/", pathNot: under(placed) }
    },
    {
      name: "unknown-folder",
      comment: "this top-level entry of src/ has no layer: add it to LAYERS in .dependency-cruiser.cjs",
      severity: "error",
      from: { path: "^src/", pathNot: under(placed), orphan: true },
      to: {}
    }
  ],
  options: {
    // type-only imports count: `import type` from a higher layer is the same coupling
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(?:node_modules|dist)/" }
  }
}
