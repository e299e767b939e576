import { describe, expect, it } from "vitest"
import { checkedWhole, GUARD_BITS, join, joinAll, Prov, type Value } from "../../src/engine/flow/Value.js"

const argument: Value = { prov: Prov.Untrusted, secret: false, params: 0, guards: GUARD_BITS.validated, sanitized: [], label: "a tool argument" }
const field: Value = { prov: Prov.Unknown, secret: false, params: 0, guards: 0, sanitized: [] }
const cleaned: Value = { ...argument, guards: 0, sanitized: ["path/filepath.Base"] }

describe("Value: the lower provenance of joined parts (below)", () => {
  it("keeps the checks of the higher part and the lower part's provenance, which passed none of them", () => {
    const v = join(field, argument)
    expect([v.prov, v.guards, v.below, v.belowGuards]).toEqual([Prov.Untrusted, GUARD_BITS.validated, Prov.Unknown, 0])
    expect(joinAll([field, argument]).below).toBe(Prov.Unknown)
  })

  it("a check of the whole value afterwards is passed by the lower part too", () => {
    const v = checkedWhole(join(field, argument), GUARD_BITS.contained)
    expect([v.guards, v.below, v.belowGuards]).toEqual([GUARD_BITS.validated | GUARD_BITS.contained, Prov.Unknown, GUARD_BITS.contained])
    const s = checkedWhole(join(field, cleaned), 0, ["html.EscapeString"])
    expect([s.sanitized, s.belowSanitized]).toEqual([["path/filepath.Base", "html.EscapeString"], ["html.EscapeString"]])
  })

  it("the lower part's own checks count for it; joined again, only what every lower part passed", () => {
    const contained: Value = { ...field, guards: GUARD_BITS.contained }
    const v = join(contained, { ...argument, guards: GUARD_BITS.validated | GUARD_BITS.contained })
    // the field passed the containment check, not the validation
    expect([v.below, v.belowGuards]).toEqual([Prov.Unknown, GUARD_BITS.contained])
    const w = join(v, join(field, argument))
    expect([w.below, w.belowGuards]).toEqual([Prov.Unknown, 0])
  })
})
