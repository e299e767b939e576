import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { Data, Effect, type Scope } from "effect"

/**
 * PGlite does not lock its data directory: two processes on one directory silently lose committed
 * rows. A pid lockfile prevents that; a lock left by a dead process (kill -9, power loss) is taken over.
 */

export const LOCK_FILE = "vigil.lock"

export class DataDirLocked extends Data.TaggedError("DataDirLocked")<{
  readonly dataDir: string
  readonly pid: number
}> {
  override get message(): string {
    return `the embedded database in ${this.dataDir} is in use by another Vigil process (pid ${this.pid})`
  }
}

export class DataDirUnusable extends Data.TaggedError("DataDirUnusable")<{
  readonly dataDir: string
  readonly reason: string
}> {
  override get message(): string {
    return `cannot use the data directory ${this.dataDir}: ${this.reason}`
  }
}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM"
  }
}

const readHolder = (file: string): number | undefined => {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** The pid holding the lock, if a live process other than this one holds it. */
export const lockHolder = (dataDir: string): number | undefined => {
  const pid = readHolder(join(dataDir, LOCK_FILE))
  return pid !== undefined && pid !== process.pid && isAlive(pid) ? pid : undefined
}

const tryAcquire = (dataDir: string): Effect.Effect<void, DataDirLocked | DataDirUnusable> =>
  Effect.suspend((): Effect.Effect<void, DataDirLocked | DataDirUnusable> => {
    const file = join(dataDir, LOCK_FILE)
    try {
      mkdirSync(dataDir, { recursive: true })
    } catch (error) {
      return Effect.fail(new DataDirUnusable({ dataDir, reason: String((error as Error).message) }))
    }
    // Two attempts: the second follows the removal of a stale lock.
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        writeFileSync(file, `${process.pid}\n`, { flag: "wx" })
        return Effect.void
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
          return Effect.fail(new DataDirUnusable({ dataDir, reason: String((error as Error).message) }))
        }
      }
      const holder = lockHolder(dataDir)
      if (holder !== undefined) return Effect.fail(new DataDirLocked({ dataDir, pid: holder }))
      try {
        unlinkSync(file)
      } catch {
        // another process removed it first; the next attempt decides
      }
    }
    const holder = readHolder(file) ?? 0
    return Effect.fail(new DataDirLocked({ dataDir, pid: holder }))
  })

const release = (dataDir: string): Effect.Effect<void> =>
  Effect.sync(() => {
    const file = join(dataDir, LOCK_FILE)
    if (readHolder(file) === process.pid) {
      try {
        unlinkSync(file)
      } catch {
        // already gone
      }
    }
  })

/** Holds the data directory for the lifetime of the scope. */
export const lockDataDir = (dataDir: string): Effect.Effect<void, DataDirLocked | DataDirUnusable, Scope.Scope> =>
  Effect.acquireRelease(tryAcquire(dataDir), () => release(dataDir))
