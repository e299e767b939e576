/**
 * The few parts of node-postgres (a dependency of @effect/sql-pg, which ships no types for it) that
 * the embedded database needs (a pool built from PGlite's connection config), and the benchmark's
 * creation of a scratch database.
 */
declare module "pg" {
  export interface PoolConfig {
    readonly [key: string]: unknown
  }
  export class Pool {
    constructor(config?: PoolConfig)
    end(): Promise<void>
    query(text: string): Promise<unknown>
  }
  const pg: { readonly Pool: typeof Pool }
  export default pg
}
