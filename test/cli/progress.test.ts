import { describe, expect, it } from "vitest"
import { makeProgress } from "../../src/cli/Progress.js"

/** The progress line is drawn only on a terminal; notices are printed either way. */

const fakeStream = () => {
  let written = ""
  const stream = { write: (chunk: string) => ((written += chunk), true) } as unknown as NodeJS.WriteStream
  return { stream, written: () => written }
}

describe("progress", () => {
  it("draws files found, uploaded and analysed in place on a terminal and clears the line at the end", () => {
    const { stream, written } = fakeStream()
    const progress = makeProgress({ live: true, remote: true }, stream)
    progress.found(12)
    progress.uploaded(5)
    progress.notice("vigil: server answered 429; retry 1 of 5 in 1 s")
    progress.done()
    expect(written()).toContain("\r\x1b[2Kvigil: 12 files found, 5 uploaded, 0 analysed")
    expect(written()).toContain("vigil: server answered 429; retry 1 of 5 in 1 s\n")
    expect(written().endsWith("\r\x1b[2K")).toBe(true)
  })

  it("writes no control characters when stderr is not a terminal, only the notices", () => {
    const { stream, written } = fakeStream()
    const progress = makeProgress({ live: false, remote: false }, stream)
    progress.found(3)
    progress.analysed(3)
    progress.notice("vigil: note")
    progress.done()
    expect(written()).toBe("vigil: note\n")
  })
})
