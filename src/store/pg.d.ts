/**
 * The few parts of node-postgres (a dependency of @effect/sql-pg, which ships no types for it) that
 * the embedded database needs: a pool built from PGlite's connection config.
 */
declare module "pg" {
  export interface PoolConfig {
    readonly [key: string]: unknown
  }
  export class Pool {
    constructor(config?: PoolConfig)
    end(): Promise<void>
  }
  const pg: { readonly Pool: typeof Pool }
  export default pg
}
