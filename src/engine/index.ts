/**
 * The engine's front door: everything outside src/engine/ imports the engine from this module or
 * from its lean half, service.ts, and from nowhere else (test/architecture.test.ts enforces it), so
 * the engine's inside can be rebuilt without touching its callers. This module adds to service.ts
 * what parses or compiles matchers in the calling process, so importing it loads tree-sitter and
 * TypeScript's compiler: the server and code loaded at every CLI start use service.ts and import
 * this module with `import()` where they need it.
 */
export * from "./service.js"

// Loading the rules with every check: catalogue/ decodes, the engine compiles every matcher to check it.
export { checkMatcher } from "./checkMatcher.js"
export { type LoadOptions, loadCatalogueForScan, loadCatalogueSync } from "./loadCatalogue.js"

// Rule checks: the annotated examples of every rule.
export { type ExampleFailure, type HarnessReport, runHarness, runRuleExamples } from "./exampleHarness.js"

// Secret detection before upload: the credentials rule alone, run in this process.
export { makeSecretScanner } from "./secretScanner.js"
