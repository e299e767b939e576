import { describe, expect, it } from "vitest"
import { compileName, requirementOf } from "../../src/engine/flow/names.js"

describe("canonical-name globs", () => {
  it("an inner ** matches any number of segments, none included", () => {
    const p = compileName("*.StateGraph().**.addNode")
    expect(p.test("@langchain/langgraph.StateGraph().addNode")).toBe(true)
    expect(p.test("@langchain/langgraph.StateGraph().addNode().addNode")).toBe(true)
    expect(p.test("@langchain/langgraph.StateGraph().addNode().addEdge().addNode")).toBe(true)
    expect(p.test("@langchain/langgraph.StateGraph().addEdge")).toBe(false)
    expect(p.test("@langchain/langgraph.StateGraph.addNode")).toBe(false)
    expect(p.test("x.Other().addNode")).toBe(false)
  })

  it("** is no word the prefilter looks for", () => {
    expect(requirementOf("*.StateGraph().**.addNode")).toEqual({ word: "addNode" })
  })
})
