import { describe, expect, it } from "vitest"
import { classify, readsFileNamed } from "../../src/engine/classify.js"

describe("file classification", () => {
  it("AutoGen's extensionless model list is JSON", () => {
    expect(classify("agents/OAI_CONFIG_LIST", "[]")).toEqual({ action: "analyse", kind: "json" })
    expect(readsFileNamed("OAI_CONFIG_LIST")).toBe(true)
  })

  it("other extensionless files and dot files stay unread", () => {
    expect(readsFileNamed("Makefile")).toBe(false)
    expect(readsFileNamed(".env")).toBe(false)
    expect(classify("LICENSE", "MIT").action).toBe("skip")
  })

  it("dot files with a known extension are read by their extension", () => {
    expect(classify(".mcp.json", "{}")).toEqual({ action: "analyse", kind: "json" })
    expect(readsFileNamed(".mcp.json")).toBe(true)
  })
})
