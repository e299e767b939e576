import { Command, Options } from "@effect/cli"
import { Console, Effect, Either } from "effect"
import { renderRulesTable } from "../report/RulesTable.js"

const rulesDir = Options.directory("rules-dir").pipe(Options.optional, Options.withDescription("catalogue to use instead of the shipped rules/"))

/** The full engine (matcher checks, the examples harness), loaded by these commands only, not at every CLI start. */
const fullEngine = Effect.promise(() => import("../engine/index.js"))

const load = (dir: { _tag: "Some"; value: string } | { _tag: "None" }) =>
  Effect.flatMap(fullEngine, ({ loadCatalogueSync }) => {
    const loaded = loadCatalogueSync(dir._tag === "Some" ? { rulesDir: dir.value } : {})
    return Either.isLeft(loaded) ? Effect.fail(loaded.left) : Effect.succeed(loaded.right)
  })

const listCommand = Command.make("list", { rulesDir }, (args) =>
  Effect.gen(function*() {
    const catalogue = yield* load(args.rulesDir)
    yield* Console.log(renderRulesTable(catalogue).split("\n").slice(1, -1).join("\n"))
  })
).pipe(Command.withDescription("List the rules: id, title, severity, targets, CWE, OWASP"))

const validateCommand = Command.make("validate", { rulesDir }, (args) =>
  Effect.gen(function*() {
    const catalogue = yield* load(args.rulesDir)
    yield* Console.log(`catalogue is valid: ${catalogue.rules.length} rules, every reference resolves, every matcher compiles`)
  })
).pipe(Command.withDescription("Load and compile the catalogue; print every problem with file, line and key path"))

const testCommand = Command.make("test", { rulesDir }, (args) =>
  Effect.gen(function*() {
    const catalogue = yield* load(args.rulesDir)
    const { runHarness } = yield* fullEngine
    const report = runHarness(catalogue)
    for (const f of report.failures) yield* Console.error(`FAIL ${f.rule} ${f.file}${f.line !== undefined ? `:${f.line}` : ""}: ${f.message}`)
    yield* Console.log(`${report.rules} rules, ${report.examples} example files, ${report.annotatedLines} annotated lines: ${report.rules - new Set(report.failures.map((f) => f.rule)).size} passed, ${new Set(report.failures.map((f) => f.rule)).size} failed`)
    if (report.failures.length > 0) process.exitCode = 1
  })
).pipe(Command.withDescription("Run every rule against its annotated examples (ruleid:/ok:), strictly"))

export const rulesCommand = Command.make("rules").pipe(
  Command.withDescription("Inspect, validate and test the rule catalogue"),
  Command.withSubcommands([listCommand, validateCommand, testCommand])
)
