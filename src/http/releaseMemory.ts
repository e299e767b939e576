import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"

/**
 * A full garbage collection, on demand. A large request body exists three times while it is read:
 * the joined bytes, their text and the parsed object. The first two are garbage once the body is
 * parsed, but the server allocates little while a scan runs, so V8 did not collect them until the scan
 * was over: on the bench's 100 MB request the server held 0.84 GB throughout. The engine's workers
 * get `gc()` from `--expose-gc` (engine/pool/PoolCore.ts); the server's process is the user's `node`,
 * so the function is taken once through V8's flag, as Node's `v8.setFlagsFromString` documentation shows.
 */
let collect: (() => void) | undefined

export const collectGarbage = (): void => {
  if (collect === undefined) {
    setFlagsFromString("--expose-gc")
    collect = runInNewContext("gc") as () => void
  }
  collect()
}
