import { describe, expect, it } from "vitest"
import { concat, constant, join, Prov, type Value } from "../../src/engine/flow/Value.js"

const setting: Value = { prov: Prov.Config, secret: false, params: 0, guards: 0, sanitized: [] }
const data: Value = { prov: Prov.Untrusted, secret: false, params: 0, guards: 0, sanitized: [], label: "a tool argument" }

describe("Value.concat: a URL whose host comes from configuration", () => {
  it("keeps the configured host when a separator follows the last setting", () => {
    expect(concat([setting, constant("/orders/"), data]).hostFixed).toBe(true)
    expect(concat([constant("https://"), setting, constant("/x?q="), data]).hostFixed).toBe(true)
    expect(concat([setting, constant("?q="), data]).hostFixed).toBe(true)
  })

  it("does not when data follows the setting directly, starts the URL, or fills the host", () => {
    expect(concat([setting, data]).hostFixed).toBeUndefined()
    expect(concat([data, constant("/x")]).hostFixed).toBeUndefined()
    expect(concat([constant("https://"), data, constant("/"), setting]).hostFixed).toBeUndefined()
    // `SCHEME + "//" + host`: `//` starts a host
    expect(concat([setting, constant("//"), data]).hostFixed).toBeUndefined()
  })

  it("carries the text after a setting into a longer concatenation, and through a variable", () => {
    const base = concat([setting, constant("/orders/")])
    expect(base.settingTail).toBe("/orders/")
    const url = concat([base, data])
    expect(url.hostFixed).toBe(true)
    expect(concat([url, constant("?page="), data]).hostFixed).toBe(true)
    expect(join(url, concat([setting, constant("/b/"), data])).hostFixed).toBe(true)
    expect(join(url, data).hostFixed).toBeUndefined()
  })
})
