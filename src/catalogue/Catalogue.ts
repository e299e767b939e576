import { Context } from "effect"
import type { ComplianceCatalogue, ComplianceFramework } from "../domain/Compliance.js"
import type { FrameworkModel } from "../domain/FlowRule.js"
import type { Rule } from "../domain/Rule.js"

/** A rule as loaded: the decoded YAML plus what the loader derives from it. */
export interface LoadedRule extends Rule {
  /** CVSS 3.1 base score computed from the rule's vector */
  readonly cvssScore: number
  /** folder holding rule.yaml and examples/ */
  readonly dir: string
  /** sha256 of rule.yaml, stored with findings so results stay explainable after rule changes */
  readonly version: string
}

export interface Catalogue {
  readonly rules: ReadonlyArray<LoadedRule>
  /** canonical id or alias -> rule */
  readonly resolve: (idOrAlias: string) => LoadedRule | undefined
  readonly compliance: ReadonlyMap<ComplianceFramework, ComplianceCatalogue>
  /** framework models shared by the flow rules (models/<language>.yaml) */
  readonly models: ReadonlyArray<FrameworkModel>
  /** directory the catalogue was loaded from (workers load the same one) */
  readonly rulesDir: string
  readonly complianceDir: string
}

export class CatalogueService extends Context.Tag("Vigil/Catalogue")<CatalogueService, Catalogue>() {}
