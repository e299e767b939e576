/**
 * What the taint analysis needs from a function, in document order (a stand-in for execution order
 * in straight-line code). Each language adapter extracts this from its own syntax tree once per file.
 */
export type TaintEvent =
  | { readonly kind: "assign"; readonly targets: ReadonlyArray<string>; readonly value: string }
  | {
    readonly kind: "call"
    /** dotted callee as written, e.g. `cursor.execute`, `child_process.exec`, `exec.Command` */
    readonly callee: string
    readonly args: ReadonlyArray<string>
    readonly start: number
    readonly end: number
  }

export interface TaintScope {
  /** parameters whose values come from the caller */
  readonly params: ReadonlyArray<string>
  /** a tool, request handler or MCP tool: its parameters are untrusted input */
  readonly entry: boolean
  /** parameters that are untrusted even when the function is not recognised as an entry (e.g. `r *http.Request`) */
  readonly sourceParams: ReadonlyArray<string>
  readonly events: ReadonlyArray<TaintEvent>
  /** scopes nested inside this one (closures see the outer taint at their definition) */
  readonly children: ReadonlyArray<TaintScope>
  readonly eventIndexOfChild: ReadonlyArray<number>
}

/** Names of an entry point's parameters that are plumbing, not user data. */
export const NON_DATA_PARAMS = new Set(["self", "cls", "ctx", "context", "res", "response", "next", "w", "config", "run_manager", "callbacks", "signal"])
