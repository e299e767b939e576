import { describe, expect, it } from "vitest"
import { Policy } from "../../src/domain/Vocabulary.js"
import { runCli } from "../support/server.js"

/** The CLI offers exactly the API's policies: `vigil scan --help` lists each, and no other is accepted. */
describe("vigil scan --policy", () => {
  it("lists every policy the API accepts and refuses any other", async () => {
    const help = await runCli(["scan", "--help"], {})
    const text = help.stdout + help.stderr
    for (const policy of Policy.literals) expect(text).toContain(policy)
    const unknown = await runCli(["scan", "--policy", "strict", "."], {})
    expect(unknown.code).toBe(2)
  }, 240_000)
})
