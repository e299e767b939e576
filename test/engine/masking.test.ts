import { afterAll, describe, expect, it } from "vitest"
import { renderSarif } from "../../src/report/Sarif.js"
import { makeEngine } from "./scanner.js"

const engine = makeEngine()
afterAll(() => engine.dispose())

// random-looking, not a real key
const KEY = "sk-proj-" + "Qx7Lm2Vb9Rt4Wz8Kp3Nd6Hs1Jf5Gc0Ya".repeat(2)
const AWS = "AKIA" + "Z7Q4M2X9L5R8T3W6"

describe("credential values never leave in clear", () => {
  it("masks secrets in messages, snippets and SARIF, keeping a short prefix", async () => {
    const files = [
      { path: "agent.py", content: `from openai import OpenAI\nclient = OpenAI(api_key="${KEY}")\n` },
      { path: "config.yaml", content: `aws:\n  access_key_id: ${AWS}\n` },
      { path: "flow.json", content: JSON.stringify({ nodes: [], connections: {}, meta: { key: KEY } }) }
    ]
    const r = await engine.scan(files)
    const creds = r.findings.filter((f) => f.pattern_id === "hardcoded_credentials")
    expect(creds.length).toBeGreaterThanOrEqual(2)
    const catalogue = await engine.catalogue()
    const everything = JSON.stringify(r) + JSON.stringify(renderSarif({ findings: r.findings, rules: catalogue.rules, toolVersion: "test" }))
    expect(everything).not.toContain(KEY)
    expect(everything).not.toContain(AWS)
    expect(everything).not.toContain(KEY.slice(8, 24))
    expect(creds.some((f) => f.code_snippet.includes("sk-p****"))).toBe(true)
  })

  it("masks every line of a multi-line PEM private key, not only the line the rule reports", async () => {
    const lines = ["Zk3Qp8Lr7Vt2Wy8Ks4Nm6Hd1Jf5Gc0YaQx7Lm2Vb9Rt4Wz8Kp3Nd6Hs1Jf5Gc0Ya", "Mq7Lm2Vb9Rt4Wz8Kp3Nd6Hs1Jf5Gc0YaQx7Lm2Vb9Rt4Wz8Kp3Nd6Hs1Jf5Gc0Yb"]
    const content = `KEY = """-----BEGIN PRIVATE KEY-----\n${lines.join("\n")}\n-----END PRIVATE KEY-----"""\n`
    const r = await engine.scan([{ path: "keys.py", content }])
    expect(r.findings.filter((f) => f.pattern_id === "hardcoded_credentials").length).toBeGreaterThan(0)
    for (const line of lines) expect(JSON.stringify(r)).not.toContain(line.slice(6, 40))
  })
})
