import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { commandLogging, serviceLogging } from "../../src/cli/logging.js"

// stdout of `vigil scan --format json|sarif` is the report: a log line there breaks the file
describe("CLI log destinations", () => {
  afterEach(() => vi.restoreAllMocks())

  const capture = () => ({ out: vi.spyOn(console, "log").mockImplementation(() => {}), err: vi.spyOn(console, "error").mockImplementation(() => {}) })

  it("commands log logfmt lines on stderr, never on stdout", async () => {
    const { out, err } = capture()
    await Effect.runPromise(Effect.logInfo("recycling analysis worker at 251 MB RSS").pipe(Effect.provide(commandLogging)))
    expect(out).not.toHaveBeenCalled()
    expect(err).toHaveBeenCalledTimes(1)
    expect(String(err.mock.calls[0]![0])).toMatch(/level=INFO .*message="recycling analysis worker at 251 MB RSS"/)
  })

  it("serve logs JSON lines on stdout, once each", async () => {
    const { out, err } = capture()
    await Effect.runPromise(Effect.logWarning("listening").pipe(Effect.provide(serviceLogging), Effect.provide(commandLogging)))
    expect(err).not.toHaveBeenCalled()
    expect(out).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(out.mock.calls[0]![0]))).toMatchObject({ message: "listening", logLevel: "WARN" })
  })
})
