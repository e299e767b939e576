import { Context } from "effect"

/**
 * What a handler wants in the request log line (the scan id). The logging middleware creates one
 * per request and reads it after the response is written.
 */
export interface RequestNotesShape {
  scanId?: string
}

export class RequestNotes extends Context.Tag("Vigil/RequestNotes")<RequestNotes, RequestNotesShape>() {}
