import { execFileSync, spawn } from "node:child_process"
import { describe, expect, it } from "vitest"
import { cleanEnv, runCli, VIGIL_BIN } from "../support/server.js"

/**
 * Help, usage errors and --version are plain text when stdout/stderr is not a terminal (a pipe, a
 * file, `less`) or when NO_COLOR is set; a person at a terminal still gets the styled help.
 */

const ESC = "\u001b"

const COMMANDS: ReadonlyArray<ReadonlyArray<string>> = [
  [],
  ["serve"],
  ["scan"],
  ["diff"],
  ["suppress"],
  ["suppress", "create"],
  ["suppress", "list"],
  ["suppress", "revoke"],
  ["suppress", "export"],
  ["keys"],
  ["keys", "create"],
  ["keys", "list"],
  ["keys", "revoke"],
  ["rules"],
  ["rules", "list"],
  ["rules", "validate"],
  ["rules", "test"]
]

/** `script` (util-linux) runs a command on a pseudo-terminal: the only way to be a TTY from a test. */
const hasScript = (() => {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" })
    return true
  } catch {
    return false
  }
})()

const onTerminal = (args: ReadonlyArray<string>, env: Record<string, string>): Promise<string> =>
  new Promise((resolve) => {
    const command = [process.execPath, VIGIL_BIN, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")
    const child = spawn("script", ["-qec", command, "/dev/null"], { env: cleanEnv(env), stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")))
    child.on("close", () => resolve(out))
  })

describe("vigil help off a terminal", () => {
  it("prints every command's help without escape codes into a pipe", async () => {
    for (const command of COMMANDS) {
      const { code, stdout, stderr } = await runCli([...command, "--help"], { NO_COLOR: "" })
      const where = `vigil ${command.join(" ")} --help`
      expect(code, where).toBe(0)
      expect(stdout, where).toContain("USAGE")
      expect(stdout.includes(ESC), `${where} printed an escape code`).toBe(false)
      expect(stderr.includes(ESC), `${where} printed an escape code on stderr`).toBe(false)
    }
  }, 240_000)

  it("prints usage errors and the version without escape codes", async () => {
    const unknown = await runCli(["nosuch"], {})
    expect(unknown.code).toBe(2)
    expect(unknown.stdout + unknown.stderr).toContain("Invalid subcommand")
    expect((unknown.stdout + unknown.stderr).includes(ESC)).toBe(false)
    const badOption = await runCli(["scan", "--policy", "nope", "."], {})
    expect(badOption.code).toBe(2)
    expect((badOption.stdout + badOption.stderr).includes(ESC)).toBe(false)
    const version = await runCli(["--version"], {})
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/)
  }, 60_000)

  it.skipIf(!hasScript)("keeps the styled help on a terminal, and drops it there when NO_COLOR is set (needs `script`)", async () => {
    const styled = await onTerminal(["scan", "--help"], { NO_COLOR: "" })
    expect(styled).toContain("USAGE")
    expect(styled.includes(ESC)).toBe(true)
    const noColor = await onTerminal(["scan", "--help"], { NO_COLOR: "1" })
    expect(noColor).toContain("USAGE")
    expect(noColor.includes(ESC)).toBe(false)
  }, 60_000)
})
