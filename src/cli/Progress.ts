/**
 * The progress line of `vigil scan` on stderr (files found, uploaded, analysed), redrawn in place,
 * only when stderr is a terminal: CI logs and redirected output get no control characters. Notices
 * (retries, warnings) are printed above it either way.
 */
export interface Progress {
  readonly found: (count: number) => void
  readonly uploaded: (count: number) => void
  readonly analysed: (count: number) => void
  /** a line that must stay (a retry, a warning), printed whether or not the line is drawn */
  readonly notice: (line: string) => void
  /** removes the line before the report is printed */
  readonly done: () => void
}

const REDRAW_MS = 100

export const makeProgress = (options: { readonly live: boolean; readonly remote: boolean }, stream: NodeJS.WriteStream = process.stderr): Progress => {
  const counts = { found: 0, uploaded: 0, analysed: 0 }
  let drawn = false
  let lastDraw = 0
  const text = () =>
    options.remote
      ? `vigil: ${counts.found} files found, ${counts.uploaded} uploaded, ${counts.analysed} analysed`
      : `vigil: ${counts.found} files found, ${counts.analysed} analysed`
  const clear = () => {
    if (drawn) stream.write("\r\x1b[2K")
    drawn = false
  }
  const draw = (force = false) => {
    if (!options.live) return
    const now = Date.now()
    if (!force && now - lastDraw < REDRAW_MS) return
    lastDraw = now
    stream.write(`\r\x1b[2K${text()}`)
    drawn = true
  }
  return {
    found: (n) => {
      counts.found = n
      draw()
    },
    uploaded: (n) => {
      counts.uploaded = n
      draw(true)
    },
    analysed: (n) => {
      counts.analysed = n
      draw()
    },
    notice: (line) => {
      clear()
      stream.write(`${line}\n`)
      draw(true)
    },
    done: () => clear()
  }
}
