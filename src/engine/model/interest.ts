import { anyWithin } from "./offsets.js"
import { WholeWords } from "./wordScan.js"

/**
 * What the prefilter (engine/analyseSource.ts) found in one file: where a name some rule needs is
 * written, and which names count. A language module models only the functions that mention one.
 */
export interface Interest {
  /** some needed name is written in [start, end) */
  readonly within: (start: number, end: number) => boolean
  /** a name segment some rule needs in this file (`run` where `subprocess.run` is a sink) */
  readonly names: (segment: string) => boolean
  /** the last segment of a decorator or base-class method that gives a framework role (`tool`, `_run`) */
  readonly roles?: (segment: string) => boolean
}

/**
 * The interest of one file while its model is built. An import or a module-level alias of a needed
 * name gives the function that calls it by its local name (`from subprocess import run as sh`, then
 * `sh(cmd)`; `const { exec: launch } = require("child_process")`) no needed word: the local name
 * counts as one from the alias on, so such a function is modelled.
 */
export class Focus {
  private readonly aliases = new Set<string>()
  private aliasOffsets: Array<number> | undefined

  constructor(private readonly interest: Interest, private readonly text: string) {}

  /** `local` now stands for `canonical` in this file. */
  noteAlias(local: string, canonical: string): void {
    if (this.aliases.has(local) || this.interest.names(local)) return
    if (!canonical.split(".").some((segment) => this.interest.names(segment.endsWith("()") ? segment.slice(0, -2) : segment))) return
    this.aliases.add(local)
    this.aliasOffsets = undefined
  }

  /** One of these canonical names (decorators, `<Base>.<method>`) may give the function a framework role. */
  hasRole(names: ReadonlyArray<string>): boolean {
    const roles = this.interest.roles
    return roles !== undefined && names.some((n) => roles(n.slice(n.lastIndexOf(".") + 1)))
  }

  within(start: number, end: number): boolean {
    if (this.interest.within(start, end)) return true
    if (this.aliases.size === 0) return false
    this.aliasOffsets ??= new WholeWords(this.aliases).offsets(this.text)
    return anyWithin(this.aliasOffsets, start, end)
  }
}
