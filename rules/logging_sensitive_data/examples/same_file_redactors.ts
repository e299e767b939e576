// A redact / mask helper written in this file is judged by what it returns: one that hands its
// argument back logs the secret; one that rewrites its characters does not. An imported helper is
// trusted by its name.
import { mask } from "./secrets"

const apiKey = process.env.OPENAI_API_KEY ?? ""
const settings = { apiKey: process.env.OPENAI_API_KEY, model: "gpt-4o" }

const SECRET_FIELDS = new Set(["apiKey", "token"])

class EntriesLog {
  // entries mapped through a callback that writes constant text over the secret ones: kept by name
  redact(o: Record<string, unknown>) {
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? "[redacted]" : v]))
  }

  // the same walk, writing every entry back as it was
  mask(o: Record<string, unknown>) {
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v]))
  }
}

class SettingsLog {
  // a record with its secret entry written over (which entries it clears is more than a value says): kept by name
  redact(s: typeof settings) {
    return { ...s, apiKey: s.apiKey ? "***" : undefined }
  }

  // a copy of the record clears nothing
  mask(s: typeof settings) {
    return { ...s }
  }
}

function redact(value: string): string {
  return value
}

class Keys {
  redact(value: string): string {
    return value.replace(/[A-Za-z0-9]/g, "*")
  }

  mask(value: string): string {
    return `${value}`.trim()
  }

  show(): void {
    // ok: logging_sensitive_data
    console.info("key", this.redact(apiKey))
    // ruleid: logging_sensitive_data
    console.info(`key ${this.mask(apiKey)}`)
  }
}

export function start(): Keys {
  // ruleid: logging_sensitive_data
  console.log("OpenAI key:", redact(apiKey))
  // ok: logging_sensitive_data
  console.log("OpenAI key:", mask(apiKey))
  const entries = new EntriesLog()
  // ok: logging_sensitive_data
  console.info("settings", entries.redact(settings))
  // ruleid: logging_sensitive_data
  console.info("settings", entries.mask(settings))
  const view = new SettingsLog()
  // ok: logging_sensitive_data
  console.log("settings", view.redact(settings))
  // ruleid: logging_sensitive_data
  console.log("settings", view.mask(settings))
  return new Keys()
}
