import { afterAll, describe, expect, it } from "vitest"
import { makeEngine } from "./scanner.js"

const engine = makeEngine()
afterAll(() => engine.dispose())

const evalFindings = async (path: string, content: string) =>
  (await engine.scan([{ path, content }])).findings.filter((f) => f.pattern_id === "exec_eval").map((f) => ({ line: f.line, tier: f.risk_tier, confidence: f.confidence }))

describe("data flow: proven flows raise tier and confidence", () => {
  it("a tool parameter reaching eval through assignments is a vulnerability", async () => {
    const code = [
      "from langchain.tools import tool",
      "@tool",
      "def calculator(expression: str) -> str:",
      "    cleaned = expression.strip()",
      "    program = 'result = ' + cleaned",
      "    return eval(program)",
      "",
      "def helper(expression):",
      "    return eval(expression)",
      ""
    ].join("\n")
    const found = await evalFindings("agent.py", code)
    expect(found).toEqual([
      { line: 6, tier: "vulnerability", confidence: 0.9 },
      { line: 9, tier: "risk_pattern", confidence: 0.75 }
    ])
  })

  it("model output reaching eval is a vulnerability, even through literal_eval (it can return a string); int() carries no code", async () => {
    const code = [
      "import ast",
      "def run(llm, q):",
      "    answer = llm.invoke(q).content",
      "    value = ast.literal_eval(answer)",
      "    exec(answer)",
      "    eval(value)",
      "    eval(int(answer))",
      ""
    ].join("\n")
    expect(await evalFindings("agent.py", code)).toEqual([
      { line: 5, tier: "vulnerability", confidence: 0.9 },
      { line: 6, tier: "vulnerability", confidence: 0.9 }
    ])
  })

  it("works for JS tools and request handlers, including closures and reassignment", async () => {
    const code = [
      "import express from 'express'",
      "const app = express()",
      "app.post('/calc', (req, res) => {",
      "  const expr = req.body.expr",
      "  res.send(String(eval(expr)))",
      "})",
      "export const calc = tool({",
      "  execute: async ({ expression }) => {",
      "    let program = expression",
      "    program = '2 + 2'",
      "    return eval(program)",
      "  }",
      "})",
      ""
    ].join("\n")
    expect(await evalFindings("server.ts", code)).toEqual([
      { line: 5, tier: "vulnerability", confidence: 0.9 },
      { line: 11, tier: "risk_pattern", confidence: 0.75 }
    ])
  })

  it("low-noise keeps proven flows only", async () => {
    const code = "from mcp.server.fastmcp import FastMCP\nmcp = FastMCP('x')\n@mcp.tool()\ndef run(code: str):\n    exec(code)\n\ndef other(x):\n    exec(x)\n"
    const r = await engine.scan([{ path: "server.py", content: code }], "low-noise")
    expect(r.findings.map((f) => f.line)).toEqual([5])
  })
})

describe("a rule's own sources apply to that rule only", () => {
  it("unsafe_deserialization's socket source makes its sink a vulnerability, but not exec_eval's", async () => {
    const code = ["import pickle, socket", "def serve(sock):", "    data = sock.recv(4096)", "    obj = pickle.loads(data)", "    exec(data)", ""].join("\n")
    const r = await engine.scan([{ path: "server.py", content: code }])
    const tiers = r.findings
      .filter((f) => f.pattern_id === "unsafe_deserialization" || f.pattern_id === "exec_eval")
      .map((f) => [f.pattern_id, f.line, f.risk_tier])
    expect(tiers).toEqual(expect.arrayContaining([["unsafe_deserialization", 4, "vulnerability"], ["exec_eval", 5, "risk_pattern"]]))
  })
})

describe("equality checks against a secret (compares: secret)", () => {
  const timing = async (path: string, content: string) =>
    (await engine.scan([{ path, content }])).findings
      .filter((f) => f.pattern_id === "insecure_credential_handling")
      .map((f) => ({ line: f.line, tier: f.risk_tier, severity: f.severity }))

  it("request data against an environment secret is a vulnerability; an uncalled helper a risk; constant-time compares and non-secrets are silent", async () => {
    const code = [
      "import hmac, os",
      "from fastapi import FastAPI, Request",
      "app = FastAPI()",
      "KEY = os.environ['SERVICE_API_KEY']",
      "@app.post('/hook')",
      "async def hook(request: Request):",
      "    sent = request.headers.get('x-api-key')",
      "    if sent != KEY: return 401",
      "    if not hmac.compare_digest(sent, KEY): return 401",
      "    if sent == os.environ['MODE']: return 400",
      "    if KEY == '': return 500",
      "def matches(candidate):",
      "    return candidate == KEY",
      "class Auth:",
      "    def __eq__(self, other):",
      "        return self.password == other.password",
      ""
    ].join("\n")
    expect(await timing("app.py", code)).toEqual([
      { line: 8, tier: "vulnerability", severity: "MEDIUM" },
      { line: 13, tier: "risk_pattern", severity: "LOW" }
    ])
  })
})

describe("regex matchers with paths", () => {
  it("a credential-named literal is CRITICAL in a folder the web server publishes, HIGH elsewhere", async () => {
    const content = 'export const config = { agent_api_key: "Qm7wZ2xT9vLk4RpN8sYd3HfJ6cBg1AeU" }\n'
    const found = (await engine.scan([{ path: "public/config.js", content }, { path: "src/config.js", content }])).findings
      .filter((f) => f.pattern_id === "hardcoded_credentials")
      .map((f) => ({ file: f.file, severity: f.severity }))
      .sort((a, b) => a.file.localeCompare(b.file))
    expect(found).toEqual([
      { file: "public/config.js", severity: "CRITICAL" },
      { file: "src/config.js", severity: "HIGH" }
    ])
  })
})

describe("data flow: methods reached through an instance, constant tables", () => {
  const tiersOf = async (path: string, content: string, rule: string) =>
    (await engine.scan([{ path, content }])).findings.filter((f) => f.pattern_id === rule).map((f) => [f.line, f.risk_tier, f.severity])

  it("a route's argument reaches a method of the file's class through a module instance (Python and TS), even when the route shares its name", async () => {
    const py = [
      "from fastapi import FastAPI",
      "app = FastAPI()",
      "class Store:",
      "    def __init__(self, conn):",
      "        self.conn = conn",
      "    def find(self, owner):",
      "        return self.conn.execute(f\"SELECT * FROM t WHERE o = '{owner}'\")",
      "store = Store(None)",
      "@app.get('/find')",
      "def find(owner: str):",
      "    return store.find(owner)",
      ""
    ].join("\n")
    expect(await tiersOf("repo.py", py, "sql_injection")).toEqual([[7, "vulnerability", "CRITICAL"]])
    const ts = [
      "import express from 'express'",
      "const app = express()",
      "class Store {",
      "  find(owner: string) { return db.query(`SELECT * FROM t WHERE o = '${owner}'`) }",
      "}",
      "const store = new Store()",
      "app.get('/find', (req, res) => res.json(store.find(req.query.owner)))",
      ""
    ].join("\n")
    expect(await tiersOf("repo.ts", ts, "sql_injection")).toEqual([[4, "vulnerability", "CRITICAL"]])
  })

  it("a Go method calling another method through its receiver passes its arguments (the receiver is not one of them)", async () => {
    const go = [
      "package main",
      "import (",
      "\t\"database/sql\"",
      "\t\"fmt\"",
      "\t\"net/http\"",
      ")",
      "type Store struct{ db *sql.DB }",
      "func (s *Store) find(owner string) {",
      "\ts.db.Query(fmt.Sprintf(\"SELECT * FROM t WHERE o = '%s'\", owner))",
      "}",
      "func (s *Store) Handle(w http.ResponseWriter, r *http.Request) {",
      "\ts.find(r.URL.Query().Get(\"owner\"))",
      "}",
      ""
    ].join("\n")
    expect(await tiersOf("store.go", go, "sql_injection")).toEqual([[9, "vulnerability", "CRITICAL"]])
  })

  it("dict.get on a constant table gives one of its entries (or the default), not the key", async () => {
    const py = [
      "from fastapi import FastAPI",
      "from openai import OpenAI",
      "app = FastAPI()",
      "client = OpenAI()",
      "TABLE = {'a': 'Be brief.', 'b': 'Be thorough.'}",
      "@app.get('/x')",
      "def x(k: str, fallback: str):",
      "    client.chat.completions.create(model='m', messages=[{'role': 'system', 'content': TABLE.get(k, 'Be brief.')}])",
      "    client.chat.completions.create(model='m', messages=[{'role': 'system', 'content': TABLE.get(k, fallback)}])",
      ""
    ].join("\n")
    expect(await tiersOf("t.py", py, "universal_prompt_injection")).toEqual([[9, "vulnerability", "HIGH"]])
  })
})

describe("function rules: a fixed program given the model's arguments (fixed_program)", () => {
  const oversight = async (path: string, content: string) =>
    (await engine.scan([{ path, content }])).findings
      .filter((f) => f.pattern_id === "missing_human_oversight")
      .map((f) => ({ line: f.line, severity: f.severity, tier: f.risk_tier }))

  it("Python: an argv list with a constant program is MEDIUM hardening; a shell, shell=True, a command string or a destructive program stays HIGH", async () => {
    const code = [
      "import subprocess",
      "from agents import function_tool",
      "PING = 'ping'",
      "@function_tool",
      "def reach(host: str) -> str:",
      "    argv = [PING, '-c', '1', host]",
      "    return subprocess.run(argv, capture_output=True, text=True).stdout",
      "@function_tool",
      "def reach_shell(host: str) -> str:",
      "    return subprocess.run(['ping', '-c', '1', host], shell=True).stdout",
      "@function_tool",
      "def run_line(line: str) -> str:",
      "    return subprocess.run(f'grep {line} /var/log/app.log', shell=True).stdout",
      "@function_tool",
      "def script(code: str) -> str:",
      "    return subprocess.run(['bash', '-c', code]).stdout",
      "@function_tool",
      "def remove(path: str) -> str:",
      "    return subprocess.run(['/bin/rm', '-rf', path]).stdout",
      ""
    ].join("\n")
    expect(await oversight("tools.py", code)).toEqual([
      { line: 7, severity: "MEDIUM", tier: "hardening" },
      { line: 10, severity: "HIGH", tier: "risk_pattern" },
      { line: 13, severity: "HIGH", tier: "risk_pattern" },
      { line: 16, severity: "HIGH", tier: "risk_pattern" },
      { line: 19, severity: "HIGH", tier: "risk_pattern" }
    ])
  })

  it("Python: a command string whose data is all shlex-quoted runs the programs its constant text names: MEDIUM unless one is destructive, a shell or picked by the data", async () => {
    const code = [
      "import os, shlex, subprocess",
      "from mcp.server.fastmcp import FastMCP",
      "srv = FastMCP('ops')",
      "@srv.tool()",
      "def search(pattern: str) -> str:",
      "    line = 'grep -n -- ' + shlex.quote(pattern) + ' /var/log/app.log | tail -50'",
      "    return subprocess.run(line, shell=True, capture_output=True, text=True).stdout",
      "@srv.tool()",
      "def reach(host: str) -> str:",
      "    return os.popen(f'ping -c 1 {shlex.quote(host)}').read()",
      "@srv.tool()",
      "def wipe(folder: str) -> str:",
      "    return subprocess.run(f'ls {shlex.quote(folder)} && rm -rf {shlex.quote(folder)}', shell=True).stdout",
      "@srv.tool()",
      "def chosen(cmd: str) -> str:",
      "    return subprocess.run(shlex.quote(cmd) + ' --version', shell=True).stdout",
      "@srv.tool()",
      "def half(a: str, b: str) -> str:",
      "    return subprocess.run(f'diff {shlex.quote(a)} {b}', shell=True).stdout",
      ""
    ].join("\n")
    expect(await oversight("ops.py", code)).toEqual([
      { line: 7, severity: "MEDIUM", tier: "hardening" },
      { line: 10, severity: "MEDIUM", tier: "hardening" },
      { line: 13, severity: "HIGH", tier: "risk_pattern" },
      { line: 16, severity: "HIGH", tier: "risk_pattern" },
      { line: 19, severity: "HIGH", tier: "risk_pattern" }
    ])
  })

  it("JavaScript and Go: execFile / spawn / exec.Command of a constant program are MEDIUM; exec of a command string, { shell: true } and an interpreter stay HIGH", async () => {
    const ts = [
      'import { tool } from "ai"',
      'import { z } from "zod"',
      'import { execFile, exec, spawnSync } from "node:child_process"',
      "export const lookup = tool({",
      '  description: "DNS lookup",',
      "  inputSchema: z.object({ name: z.string() }),",
      '  execute: async ({ name }) => execFile("dig", ["+short", name]),',
      "})",
      "export const lookupShell = tool({",
      '  description: "DNS lookup",',
      "  inputSchema: z.object({ name: z.string() }),",
      "  execute: async ({ name }) => exec(`dig +short ${name}`),",
      "})",
      "export const lookupOpts = tool({",
      '  description: "DNS lookup",',
      "  inputSchema: z.object({ name: z.string() }),",
      '  execute: async ({ name }) => spawnSync("dig", [name], { shell: true }),',
      "})",
      "export const evaluate = tool({",
      '  description: "Evaluate",',
      "  inputSchema: z.object({ src: z.string() }),",
      '  execute: async ({ src }) => execFile("node", ["-e", src]),',
      "})",
      ""
    ].join("\n")
    expect(await oversight("tools.ts", ts)).toEqual([
      { line: 7, severity: "MEDIUM", tier: "hardening" },
      { line: 12, severity: "HIGH", tier: "risk_pattern" },
      { line: 17, severity: "HIGH", tier: "risk_pattern" },
      { line: 22, severity: "HIGH", tier: "risk_pattern" }
    ])
    const go = [
      "package tools",
      "",
      'import (\n\t"context"\n\t"os/exec"\n\n\t"github.com/mark3labs/mcp-go/mcp"\n)',
      "",
      "func pingHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {",
      '\thost, _ := req.RequireString("host")',
      '\tout, err := exec.CommandContext(ctx, "ping", "-c", "1", host).Output()',
      "\tif err != nil {\n\t\treturn nil, err\n\t}",
      "\treturn mcp.NewToolResultText(string(out)), nil",
      "}",
      "",
      "func shellHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {",
      '\tline, _ := req.RequireString("line")',
      '\tout, err := exec.CommandContext(ctx, "sh", "-c", line).Output()',
      "\tif err != nil {\n\t\treturn nil, err\n\t}",
      "\treturn mcp.NewToolResultText(string(out)), nil",
      "}",
      "",
      // the context passed on is still the context when a timeout wraps it first
      "func digHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {",
      '\tname, _ := req.RequireString("name")',
      "\tctx, cancel := context.WithTimeout(ctx, 15*time.Second)",
      "\tdefer cancel()",
      '\tout, err := exec.CommandContext(ctx, "dig", "+short", name).Output()',
      "\tif err != nil {\n\t\treturn nil, err\n\t}",
      "\treturn mcp.NewToolResultText(string(out)), nil",
      "}",
      ""
    ].join("\n")
    expect((await oversight("tools.go", go)).map((f) => f.severity)).toEqual(["MEDIUM", "HIGH", "MEDIUM"])
  })

  it("Python: an argv list a helper of the file builds (and appends to) runs the program it starts with: MEDIUM; a helper that returns a shell's list stays HIGH", async () => {
    const code = [
      "import subprocess as sp",
      "from mcp.server.fastmcp import FastMCP",
      "srv = FastMCP('net')",
      "def probe_argv(target: str, count: int) -> list[str]:",
      "    argv = ['ping', '-c', str(count)]",
      "    argv.append(target)",
      "    return argv",
      "def shell_argv(line: str) -> list[str]:",
      "    return ['bash', '-c', line]",
      "@srv.tool()",
      "def reach(target: str) -> str:",
      "    prepared = probe_argv(target, 3)",
      "    return sp.run(prepared, capture_output=True, text=True).stdout",
      "@srv.tool()",
      "def step(line: str) -> str:",
      "    return sp.run(shell_argv(line), capture_output=True, text=True).stdout",
      ""
    ].join("\n")
    expect(await oversight("net.py", code)).toEqual([
      { line: 13, severity: "MEDIUM", tier: "hardening" },
      { line: 16, severity: "HIGH", tier: "risk_pattern" }
    ])
  })

  it("git keeps HIGH unless its subcommand only reads (fixed_program.read_only), also when a helper of the file returns the argv", async () => {
    const js = [
      'import { execFile } from "node:child_process"',
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"',
      'import { z } from "zod"',
      'const server = new McpServer({ name: "repo", version: "1.0.0" })',
      "function historyArgs(ref) {",
      '  const argv = ["log", "--oneline", "--end-of-options", ref]',
      "  return argv",
      "}",
      'server.registerTool("history", { inputSchema: { ref: z.string() } }, async ({ ref }) => {',
      '  execFile("git", historyArgs(ref))',
      '  return { content: [{ type: "text", text: "ok" }] }',
      "})",
      'server.registerTool("push", { inputSchema: { ref: z.string() } }, async ({ ref }) => {',
      '  execFile("git", ["push", "origin", ref])',
      '  return { content: [{ type: "text", text: "ok" }] }',
      "})",
      ""
    ].join("\n")
    expect(await oversight("repo.js", js)).toEqual([
      { line: 10, severity: "MEDIUM", tier: "hardening" },
      { line: 14, severity: "HIGH", tier: "risk_pattern" }
    ])
  })

  it("git's subcommand is read after its options that take a value (value_options), through a helper's *args and a table of argv builders; a configured program is its default", async () => {
    const py = [
      "import subprocess as sp",
      "from mcp.server.fastmcp import FastMCP",
      "mcp = FastMCP('git')",
      "def _git(workdir: str, *args: str) -> str:",
      "    return sp.run(['git', '-C', workdir, '--no-pager', *args], capture_output=True, text=True).stdout",
      "@mcp.tool()",
      "def history(ref: str) -> str:",
      "    return _git('/srv/repo', 'log', '--oneline', ref)",
      "@mcp.tool()",
      "def publish(ref: str) -> str:",
      "    return _git('/srv/repo', 'push', 'origin', ref)",
      ""
    ].join("\n")
    // one finding per helper's effect: the push keeps the tool HIGH, the log alone would be MEDIUM
    expect(await oversight("git_tools.py", py)).toEqual([
      { line: 8, severity: "HIGH", tier: "risk_pattern" },
      { line: 11, severity: "HIGH", tier: "risk_pattern" }
    ])
    const readOnly = py.replace("'push', 'origin', ref", "'show', ref")
    expect(await oversight("git_tools.py", readOnly)).toEqual([
      { line: 8, severity: "MEDIUM", tier: "hardening" },
      { line: 11, severity: "MEDIUM", tier: "hardening" }
    ])
    // the program named by configuration with a default is the operator's choice: that default
    const configured = readOnly.replace("import subprocess as sp", "import os\nimport subprocess as sp\nGIT = os.environ.get('GIT_BINARY', '/usr/bin/git')").replace("['git', ", "[GIT, ")
    expect(await oversight("git_tools.py", configured)).toEqual([
      { line: 10, severity: "MEDIUM", tier: "hardening" },
      { line: 13, severity: "MEDIUM", tier: "hardening" }
    ])
    const ts = [
      'import { execFile } from "node:child_process"',
      'import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"',
      'import { z } from "zod"',
      'const server = new McpServer({ name: "repo", version: "1.0.0" })',
      "const VIEWS = {",
      '  log: (ref: string) => ["log", "--oneline", ref],',
      '  stat: (ref: string) => ["show", "--stat", ref],',
      "}",
      "function git(args: string[]) {",
      '  execFile("git", args)',
      "}",
      'server.registerTool("view", { inputSchema: { view: z.string(), ref: z.string() } }, async ({ view, ref }) => {',
      "  const args = VIEWS[view as keyof typeof VIEWS](ref)",
      "  git(args)",
      '  return { content: [{ type: "text", text: "ok" }] }',
      "})",
      ""
    ].join("\n")
    expect(await oversight("views.ts", ts)).toEqual([{ line: 14, severity: "MEDIUM", tier: "hardening" }])
    expect(await oversight("views.ts", ts.replace('["show", "--stat", ref]', '["push", "origin", ref]'))).toEqual([{ line: 14, severity: "HIGH", tier: "risk_pattern" }])
  })
})
