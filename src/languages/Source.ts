/** A file's text with a line index, so any offset becomes a 1-based line and column cheaply. */
export class SourceDoc {
  private lineStarts: Array<number> | undefined
  constructor(readonly path: string, readonly text: string) {}

  private starts(): Array<number> {
    if (this.lineStarts === undefined) {
      const starts = [0]
      const text = this.text
      let i = text.indexOf("\n")
      while (i !== -1) {
        starts.push(i + 1)
        i = text.indexOf("\n", i + 1)
      }
      this.lineStarts = starts
    }
    return this.lineStarts
  }

  get lineCount(): number {
    return this.starts().length
  }

  /** 1-based line and column of a UTF-16 offset (clamped into the text). */
  position(offset: number): { line: number; column: number } {
    const starts = this.starts()
    const at = Math.max(0, Math.min(offset, this.text.length))
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= at) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: at - starts[lo]! + 1 }
  }

  /** Offset of the start of a 1-based line. */
  lineStart(line: number): number {
    const starts = this.starts()
    return starts[Math.max(0, Math.min(line - 1, starts.length - 1))]!
  }

  lineText(line: number): string {
    const starts = this.starts()
    const start = this.lineStart(line)
    const next = line < starts.length ? starts[line]! - 1 : this.text.length
    return this.text.slice(start, next).replace(/\r$/, "")
  }
}

/** A wall-clock deadline shared by every step of one file's analysis. */
export class Deadline {
  constructor(readonly at: number) {}
  static in(ms: number): Deadline {
    return new Deadline(Date.now() + ms)
  }
  static never(): Deadline {
    return new Deadline(Number.POSITIVE_INFINITY)
  }
  get expired(): boolean {
    return Date.now() >= this.at
  }
  get remainingMs(): number {
    return Math.max(0, this.at - Date.now())
  }
}

/** Thrown inside a matcher when the deadline passes; the file becomes `partial`. */
export class DeadlineExceeded extends Error {
  constructor(readonly stage: string) {
    super(`deadline exceeded during ${stage}`)
  }
}
