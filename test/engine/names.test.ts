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

  it("a * inside a segment is any characters but a dot", () => {
    const scan = compileName("fmt.Scan*")
    expect(["fmt.Scan", "fmt.Scanln", "fmt.Scanf"].map((n) => scan.test(n))).toEqual([true, true, true])
    expect(scan.test("fmt.Sprintf")).toBe(false)
    const client = compileName("github.com/google/go-github/*.Client.*.*")
    expect(client.test("github.com/google/go-github/v89/github.Client.Actions.GetWorkflowJobLogs")).toBe(true)
    expect(client.test("github.com/google/go-github/v57/github.Client.NewRequest")).toBe(false)
    expect(client.test("github.com/google/go-github/v89/github.Client.Actions.GetWorkflowJobLogs().String")).toBe(false)
    expect(client.test("github.com/other/github.Client.Do")).toBe(false)
    const service = compileName("github.com/google/go-github/*.*Service.*")
    expect(service.test("github.com/google/go-github/v89/github.ActionsService.GetWorkflowJobLogs")).toBe(true)
    expect(service.test("github.com/google/go-github/v89/github.Client.GetWorkflowJobLogs")).toBe(false)
  })

  it("a glob inside the word or the root: the word's longest literal piece, inside identifiers too, and no root", () => {
    expect(requirementOf("fmt.Scan*")).toEqual({ word: "Scan", root: "fmt", partial: true })
    expect(requirementOf("github.com/google/go-github/*.IssuesService.Get")).toEqual({ word: "IssuesService" })
  })
})
