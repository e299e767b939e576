/**
 * CSV as RFC 4180 writes it: records end with CRLF, a field is quoted when it holds a comma, a double
 * quote, CR or LF, and quotes inside a quoted field are doubled. Absent values are empty fields.
 */

export type CsvValue = string | number | null

const NEEDS_QUOTES = /[",\r\n]/

/**
 * A spreadsheet opening the export would run a cell starting with = + - @ (or a tab/CR before one)
 * as a formula; user-written text gets a leading apostrophe so it stays text (OWASP "CSV injection").
 * Only fields marked as free text are neutralised: ids, dates and numbers are ours.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text)

export const csvField = (value: CsvValue): string => {
  if (value === null) return ""
  const text = String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, "\"\"")}"` : text
}

export const csvRecord = (values: ReadonlyArray<CsvValue>): string => values.map(csvField).join(",") + "\r\n"

/** A header record followed by one record per row. */
export const renderCsv = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string =>
  csvRecord(header) + rows.map(csvRecord).join("")

/** Reads RFC 4180 text back into records (tests and tools; tolerant of a missing final CRLF). */
export const parseCsv = (text: string): Array<Array<string>> => {
  const records: Array<Array<string>> = []
  let record: Array<string> = []
  let field = ""
  let quoted = false
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (quoted) {
      if (c === "\"") {
        if (text[i + 1] === "\"") {
          field += "\""
          i += 2
          continue
        }
        quoted = false
      } else field += c
      i++
      continue
    }
    if (c === "\"") quoted = true
    else if (c === ",") {
      record.push(field)
      field = ""
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field)
      records.push(record)
      record = []
      field = ""
      i++
    } else field += c
    i++
  }
  if (field !== "" || record.length > 0) {
    record.push(field)
    records.push(record)
  }
  return records
}
