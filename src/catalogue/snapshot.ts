import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs"
import { dirname, extname, join, relative, sep } from "node:path"
import { fileURLToPath } from "node:url"
import type { ComplianceCatalogue, ComplianceFramework } from "../domain/Compliance.js"
import type { FrameworkModel } from "../domain/FlowRule.js"
import type { Catalogue, LoadedRule } from "./Catalogue.js"
import { defaultModelsDir, packageRoot } from "./paths.js"

/**
 * The decoded catalogue as JSON, written once at build time (`npm run build`,
 * scripts/build-if-needed.mjs) so analysis workers start without reading YAML or running the Schema
 * decoder (about a second of CPU and the whole `effect` module graph per worker). A fingerprint of
 * the catalogue's files makes a stale snapshot detectable: it is only used when it was built from
 * exactly the files on disk, otherwise callers fall back to decoding (`loadCatalogueSync`).
 *
 * This module must stay light: workers import it before anything else, so it imports no `effect`.
 */

/** Bump when the snapshot's layout or the decoded rule shape changes. */
export const SNAPSHOT_FORMAT = 2

interface SnapshotFile {
  readonly format: number
  readonly fingerprint: string
  /** rules with `dir` relative to the rules directory, so a moved checkout still matches */
  readonly rules: ReadonlyArray<LoadedRule>
  readonly compliance: ReadonlyArray<readonly [ComplianceFramework, ComplianceCatalogue]>
  /** the framework models of models/*.yaml */
  readonly models: ReadonlyArray<FrameworkModel>
}

export type SnapshotProblem =
  | { readonly _tag: "Missing"; readonly path: string }
  | { readonly _tag: "Stale"; readonly path: string }
  | { readonly _tag: "Unreadable"; readonly path: string; readonly message: string }

export const defaultSnapshotPath = (): string => join(packageRoot(), "dist", "catalogue.snapshot.json")

const toPosix = (path: string): string => (sep === "/" ? path : path.split(sep).join("/"))

/**
 * The files the loader decodes: every rules/<id>/rule.yaml with the other YAML files of its folder
 * (python.yaml, javascript.yaml, go.yaml, builders.yaml, config.yaml), compliance/*.yaml and models/*.yaml,
 * in a fixed order.
 */
const catalogueFiles = (rulesDir: string, complianceDir: string): Array<{ readonly name: string; readonly path: string }> => {
  const files: Array<{ name: string; path: string }> = []
  if (existsSync(rulesDir)) {
    for (const entry of readdirSync(rulesDir).sort()) {
      const path = join(rulesDir, entry, "rule.yaml")
      if (!statSync(join(rulesDir, entry)).isDirectory()) continue
      files.push({ name: `rules/${entry}/rule.yaml`, path })
      for (const sibling of readdirSync(join(rulesDir, entry)).filter((f) => f !== "rule.yaml" && /\.ya?ml$/.test(f)).sort()) {
        files.push({ name: `rules/${entry}/${sibling}`, path: join(rulesDir, entry, sibling) })
      }
    }
  }
  if (existsSync(complianceDir)) {
    for (const entry of readdirSync(complianceDir).filter((f) => f.endsWith(".yaml")).sort()) {
      files.push({ name: `compliance/${entry}`, path: join(complianceDir, entry) })
    }
  }
  const modelsDir = defaultModelsDir(rulesDir)
  if (existsSync(modelsDir)) {
    for (const entry of readdirSync(modelsDir).filter((f) => f.endsWith(".yaml")).sort()) {
      files.push({ name: `models/${entry}`, path: join(modelsDir, entry) })
    }
  }
  return files
}

/**
 * The modules whose code decides what a decoded rule looks like (schemas, loader), as built: a
 * snapshot written by other decoding code is stale even if no rule changed. Same extension as this
 * module, so sources (vitest) and dist/ never take each other's snapshot.
 */
const decoderFiles = (): Array<{ readonly name: string; readonly path: string }> => {
  const here = fileURLToPath(import.meta.url)
  const ext = extname(here)
  return ["load", "expand", "yamlLocate", "cvss", "../domain/Rule", "../domain/RuleSource", "../domain/FlowRule", "../domain/MatcherOverrides", "../domain/Compliance", "../domain/Vocabulary", "../domain/frameworks"].map((module) => ({
    name: `decoder/${module}${ext}`,
    path: join(dirname(here), `${module}${ext}`)
  }))
}

/**
 * SHA-256 over the names and contents of the catalogue's files (a missing rule.yaml counts too), the
 * decoding code and the snapshot format. Reading ~40 small files: a few milliseconds.
 */
export const catalogueFingerprint = (rulesDir: string, complianceDir: string): string => {
  const hash = createHash("sha256").update(`vigil-catalogue-snapshot:${SNAPSHOT_FORMAT}\n`)
  for (const file of [...decoderFiles(), ...catalogueFiles(rulesDir, complianceDir)]) {
    hash.update(`${file.name}\n`)
    hash.update(existsSync(file.path) ? readFileSync(file.path) : "\u0000missing")
    hash.update("\n\u0000\n")
  }
  return hash.digest("hex")
}

/** Writes the snapshot of a catalogue that decoded without problems (atomically: temp file, rename). */
export const writeCatalogueSnapshot = (catalogue: Catalogue, path: string = defaultSnapshotPath()): void => {
  const snapshot: SnapshotFile = {
    format: SNAPSHOT_FORMAT,
    fingerprint: catalogueFingerprint(catalogue.rulesDir, catalogue.complianceDir),
    rules: catalogue.rules.map((rule) => ({ ...rule, dir: toPosix(relative(catalogue.rulesDir, rule.dir)) })),
    compliance: [...catalogue.compliance.entries()],
    models: catalogue.models
  }
  mkdirSync(dirname(path), { recursive: true })
  const temp = `${path}.${process.pid}.tmp`
  writeFileSync(temp, JSON.stringify(snapshot))
  renameSync(temp, path)
}

/** Builds the catalogue's lookup (id or alias -> rule), as the decoding loader does. */
export const assembleCatalogue = (
  rules: ReadonlyArray<LoadedRule>,
  compliance: ReadonlyMap<ComplianceFramework, ComplianceCatalogue>,
  models: ReadonlyArray<FrameworkModel>,
  rulesDir: string,
  complianceDir: string
): Catalogue => {
  const byId = new Map<string, LoadedRule>()
  for (const rule of rules) for (const name of [rule.id, ...(rule.aliases ?? [])]) byId.set(name, rule)
  return { rules, resolve: (id) => byId.get(id), compliance, models, rulesDir, complianceDir }
}

/**
 * The catalogue of `rulesDir`/`complianceDir` from the snapshot, or why it cannot be used. A snapshot
 * is only ever written for a catalogue that passed every check, so a matching fingerprint means these
 * exact files are valid.
 */
export const readCatalogueSnapshot = (
  rulesDir: string,
  complianceDir: string,
  path: string = defaultSnapshotPath()
): { readonly _tag: "Loaded"; readonly catalogue: Catalogue } | SnapshotProblem => {
  if (!existsSync(path)) return { _tag: "Missing", path }
  let snapshot: SnapshotFile
  try {
    snapshot = JSON.parse(readFileSync(path, "utf8")) as SnapshotFile
  } catch (error) {
    return { _tag: "Unreadable", path, message: error instanceof Error ? error.message : String(error) }
  }
  if (snapshot.format !== SNAPSHOT_FORMAT || snapshot.fingerprint !== catalogueFingerprint(rulesDir, complianceDir)) {
    return { _tag: "Stale", path }
  }
  const rules = snapshot.rules.map((rule) => ({ ...rule, dir: join(rulesDir, rule.dir) }))
  return { _tag: "Loaded", catalogue: assembleCatalogue(rules, new Map(snapshot.compliance), snapshot.models, rulesDir, complianceDir) }
}

/** Whether the snapshot at `path` matches the catalogue on disk (for the build scripts). */
export const snapshotIsCurrent = (rulesDir: string, complianceDir: string, path: string = defaultSnapshotPath()): boolean => {
  if (!existsSync(path)) return false
  try {
    const { format, fingerprint } = JSON.parse(readFileSync(path, "utf8")) as SnapshotFile
    return format === SNAPSHOT_FORMAT && fingerprint === catalogueFingerprint(rulesDir, complianceDir)
  } catch {
    return false
  }
}
