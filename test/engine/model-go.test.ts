import { describe, expect, it } from "vitest"
import type { Expr, SemanticModel, Statement } from "../../src/engine/model/Model.js"
import { goModel } from "../../src/engine/model/go.js"
import { Deadline } from "../../src/languages/Source.js"
import { parseCode } from "../../src/languages/treeSitter.js"

/** The expression without the source spans of its literal entries (where each is written). */
const noSpans = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v: unknown) => (k === "span" ? undefined : v)))

const model = (code: string): SemanticModel => goModel(parseCode("go", code, Deadline.never()), code)
const go = (imports: ReadonlyArray<string>, body: string): string =>
  `package main\n\nimport (\n${imports.map((i) => `\t${i}\n`).join("")})\n\n${body}\n`

const callees = (m: SemanticModel): Array<string> => m.calls.map((c) => c.callee)
const callTo = (m: SemanticModel, callee: string) => {
  const found = m.calls.find((c) => c.callee === callee)
  if (found === undefined) throw new Error(`no call to ${callee} in ${callees(m).join(", ")}`)
  return found
}
const fnNamed = (m: SemanticModel, name: string) => {
  const found = m.functions.find((f) => f.name === name)
  if (found === undefined) throw new Error(`no function ${name}`)
  return found
}
const guards = (body: ReadonlyArray<Statement>) =>
  body.flatMap((s) => (s.k === "guard" ? [{ kind: s.kind, name: s.name, scope: s.scope }] : []))
const assigned = (body: ReadonlyArray<Statement>, name: string): Array<Expr> =>
  body.flatMap((s) => (s.k === "assign" && s.target.name === name && s.target.path.length === 0 ? [s.value] : []))
/** The span of the rest of the function after the `if` statement that starts with `marker`. */
const afterIf = (code: string, marker: string) => {
  const at = code.indexOf(marker)
  const close = code.indexOf("\n\t}", at) + 3
  return { start: close, end: code.lastIndexOf("}") }
}

describe("Go model: imports and canonical names", () => {
  it("binds the package name of plain, aliased and versioned import paths", () => {
    const m = model(go([
      `"os/exec"`,
      `sq "github.com/Masterminds/squirrel"`,
      `"github.com/sashabaranov/go-openai"`,
      `"github.com/go-redis/redis/v9"`,
      `"gopkg.in/yaml.v3"`,
      `"github.com/anthropics/anthropic-sdk-go"`,
      `_ "github.com/lib/pq"`,
      `. "fmt"`
    ], ""))
    expect(m.imports.map((i) => [i.local, i.canonical])).toEqual([
      ["exec", "os/exec"],
      ["sq", "github.com/Masterminds/squirrel"],
      ["openai", "github.com/sashabaranov/go-openai"],
      ["redis", "github.com/go-redis/redis/v9"],
      ["yaml", "gopkg.in/yaml.v3"],
      ["anthropic", "github.com/anthropics/anthropic-sdk-go"]
    ])
  })

  it("names package functions by import path and keeps the argument values", () => {
    const m = model(go([`"fmt"`, `"net/http"`, `"os/exec"`, `"path/filepath"`, `openai "github.com/sashabaranov/go-openai"`], `
func run(dir, name string) {
	p := filepath.Join(dir, name)
	exec.Command("cat", p).Run()
	http.Get("https://example.com/" + name)
	openai.NewClient("k")
}`))
    expect(callees(m)).toEqual([
      "path/filepath.Join",
      "os/exec.Command",
      "os/exec.Command().Run",
      "net/http.Get",
      "github.com/sashabaranov/go-openai.NewClient"
    ])
    expect(callTo(m, "os/exec.Command").args.map((a) => a.value)).toEqual([{ k: "lit", value: "cat" }, { k: "name", name: "p" }])
    expect(callTo(m, "os/exec.Command").written).toBe("exec.Command")
    expect(callTo(m, "os/exec.Command").receiver).toEqual({ k: "ref", name: "os/exec" })
  })

  it("does not resolve a local that hides a package name as the package", () => {
    const m = model(go([`"net/http"`, `"net/url"`], `
func get(host string) {
	url := "https://" + host
	http.Get(url)
	url.Parse("x")
}`))
    expect(callTo(m, "net/http.Get").args[0]!.value).toEqual({ k: "name", name: "url" })
    expect(callees(m)).toContain("url.Parse")
    expect(callees(m)).not.toContain("net/url.Parse")
  })
})

describe("Go model: functions, parameters and holders", () => {
  it("records parameters with canonical types; a method's receiver comes first", () => {
    const m = model(go([`"context"`, `"net/http"`, `"github.com/mark3labs/mcp-go/mcp"`], `
// Handle answers a tool call.
func (s *Server) Handle(ctx context.Context, req mcp.CallToolRequest, rs []*http.Request, a, b int, opts ...string) {}
func plain(int, string) {}`))
    const handle = fnNamed(m, "Handle")
    expect(handle.params).toEqual(["s", "ctx", "req", "rs", "a", "b", "opts"])
    expect(handle.paramTypes).toEqual(["Server", "context.Context", "github.com/mark3labs/mcp-go/mcp.CallToolRequest", "net/http.Request", "int", "int", "string"])
    expect(handle.doc).toBe("Handle answers a tool call.")
    expect(fnNamed(m, "plain").params).toEqual(["_", "_"])
  })

  it("names method calls by the call a variable holds and by the declared type of a parameter", () => {
    const m = model(go([`"database/sql"`, `"net/http"`], `
func a(q string) {
	db, err := sql.Open("postgres", "dsn")
	db.Query(q)
}
func b(db *sql.DB, r *http.Request) {
	db.Exec(r.URL.Query().Get("id"))
}`))
    expect(callees(m)).toEqual([
      "database/sql.Open",
      "database/sql.Open().Query",
      "net/http.Request.URL.Query",
      "net/http.Request.URL.Query().Get",
      "database/sql.DB.Exec"
    ])
  })

  it("knows the type of a receiver's struct fields, a typed var and a composite literal; other receiver calls stay as written", () => {
    const m = model(go([`"database/sql"`, `"net/http"`, `"strings"`], `
type Server struct {
	db     *sql.DB
	name   string
}
func (s *Server) list(q string) {
	s.db.Query(q)
	s.helper(q)
	c := &http.Client{Timeout: 5}
	c.Do(nil)
	var sb strings.Builder
	sb.Reset()
}`))
    expect(callees(m)).toEqual(["database/sql.DB.Query", "s.helper", "net/http.Client", "net/http.Client.Do", "strings.Builder.Reset"])
  })

  it("gives func literals their enclosing function as parent", () => {
    const m = model(go([`"os/exec"`], `
func outer(cmd string) {
	go func() { exec.Command(cmd).Run() }()
}`))
    const literal = m.functions.findIndex((f) => f.name === "<lambda>")
    expect(m.functions[literal]!.parent).toBe(m.functions.findIndex((f) => f.name === "outer"))
    expect(m.calls.filter((c) => c.callee.startsWith("os/exec")).every((c) => c.fn === literal)).toBe(true)
  })
})

describe("Go model: statements and expressions", () => {
  it("records assignments, multiple assignment, compound assignment, range and returns", () => {
    const m = model(go([`"os"`], `
func f(xs []string) (string, error) {
	a, b := os.Getenv("A"), "lit"
	out, err := os.ReadFile(a)
	var s = "x"
	s += b
	for _, v := range xs {
		s = v
	}
	if n := len(s); n > 3 {
		return s, nil
	}
	return string(out), err
}`))
    const body = fnNamed(m, "f").body
    const getenv = m.calls.findIndex((c) => c.callee === "os.Getenv")
    const readFile = m.calls.findIndex((c) => c.callee === "os.ReadFile")
    expect(assigned(body, "a")).toEqual([{ k: "call", call: getenv }])
    expect(assigned(body, "b")).toEqual([{ k: "lit", value: "lit" }])
    // `out, err := f()`: each target holds its result of the call (a library call's value is the whole; a same-file helper's, its own result)
    expect(assigned(body, "out")).toEqual([{ k: "call", call: readFile, result: 0 }])
    expect(assigned(body, "err")).toEqual([{ k: "call", call: readFile, result: 1 }])
    expect(assigned(body, "s")).toEqual([
      { k: "lit", value: "x" },
      // `s += b`: a `+` the syntax does not show to be text; data flow decides from the values
      { k: "op", parts: [{ k: "name", name: "s" }, { k: "name", name: "b" }], plus: true },
      { k: "name", name: "v" }
    ])
    expect(body.filter((s) => s.k === "iterate")).toEqual([expect.objectContaining({ target: { name: "v", path: [] }, value: { k: "name", name: "xs" } })])
    expect(assigned(body, "n")).toHaveLength(1)
    const returns = body.flatMap((s) => (s.k === "return" ? [s.value] : []))
    expect(returns).toEqual([
      { k: "container", entries: [{ value: { k: "name", name: "s" } }, { value: { k: "lit", value: null } }] },
      { k: "container", entries: [{ value: { k: "name", name: "out" } }, { value: { k: "name", name: "err" } }] }
    ])
  })

  it("models string building: Sprintf (values where their verbs are), strings.Join, + with a string, raw strings, strings.Builder", () => {
    const m = model(go([`"fmt"`, `"strings"`], `
func q(table, id string, cols []string) {
	a := fmt.Sprintf("SELECT %s FROM %s", strings.Join(cols, ","), table)
	b := "id = " + id
	c := \`raw "quoted"\`
	var sb strings.Builder
	sb.WriteString(id)
	d := sb.String()
}`))
    const body = fnNamed(m, "q").body
    const sprintf = m.calls.findIndex((c) => c.callee === "fmt.Sprintf")
    const join = m.calls.findIndex((c) => c.callee === "strings.Join")
    expect(assigned(body, "a")).toEqual([{
      k: "concat",
      // each value where its verb is, with the format's text around it
      parts: [
        { k: "lit", value: "SELECT " },
        { k: "concat", parts: [{ k: "name", name: "cols" }, { k: "lit", value: "," }, { k: "call", call: join }], built: true },
        { k: "lit", value: " FROM " },
        { k: "name", name: "table" },
        { k: "lit", value: "" },
        { k: "call", call: sprintf }
      ],
      // the last part is the building call itself
      built: true
    }])
    expect(assigned(body, "b")).toEqual([{ k: "concat", parts: [{ k: "lit", value: "id = " }, { k: "name", name: "id" }] }])
    expect(assigned(body, "c")).toEqual([{ k: "lit", value: `raw "quoted"` }])
    // a local `var sb strings.Builder` starts empty
    expect(assigned(body, "sb")).toEqual([{ k: "lit", value: "" }, { k: "op", parts: [{ k: "name", name: "sb" }, { k: "name", name: "id" }] }])
    expect(assigned(body, "d")).toEqual([{ k: "concat", parts: [{ k: "name", name: "sb" }, { k: "call", call: m.calls.findIndex((c) => c.callee === "strings.Builder.String") }] }])
  })

  it("keeps composite literals as containers with keyed entries", () => {
    const m = model(go([`"net/http"`], `
func c(limit int) {
	client := &http.Client{Timeout: limit, CheckRedirect: nil}
	m := map[string]string{"k": "v"}
	xs := []string{"a", "b"}
}`))
    const body = fnNamed(m, "c").body
    expect(noSpans(assigned(body, "client"))).toEqual([{ k: "container", entries: [{ key: "Timeout", value: { k: "name", name: "limit" } }, { key: "CheckRedirect", value: { k: "lit", value: null } }] }])
    expect(noSpans(assigned(body, "m"))).toEqual([{ k: "container", entries: [{ key: "k", value: { k: "lit", value: "v" } }] }])
    expect(noSpans(assigned(body, "xs"))).toEqual([{ k: "container", entries: [{ value: { k: "lit", value: "a" } }, { value: { k: "lit", value: "b" } }] }])
  })

  it("models the first 64 entries of a large literal table", () => {
    const m = model(go([], `var table = []int{${Array.from({ length: 100 }, (_, i) => i).join(", ")}}`))
    const table = m.constants.get("table")
    expect(table?.k === "container" ? table.entries.length : -1).toBe(64)
  })

  it("records package constants, including iota groups, and module statements", () => {
    const m = model(go([`"os"`], `
const Base = "/srv/data"
const (
	A = iota
	B
)
var Token = os.Getenv("TOKEN")
var Allowed = map[string]bool{"ls": true}`))
    expect(m.constants.get("Base")).toEqual({ k: "lit", value: "/srv/data" })
    expect(m.constants.get("B")).toEqual({ k: "lit", value: 1 })
    expect(noSpans(m.constants.get("Allowed"))).toEqual({ k: "container", entries: [{ key: "ls", value: { k: "lit", value: true } }] })
    expect(m.constants.has("Token")).toBe(false)
    expect(assigned(m.module, "Token")).toEqual([{ k: "call", call: m.calls.findIndex((c) => c.callee === "os.Getenv") }])
  })

  it("records callbacks: func literals, functions and methods of the file, struct fields holding them", () => {
    const m = model(go([`"net/http"`], `
func main() {
	http.HandleFunc("/a", handle)
	s := &server{}
	http.HandleFunc("/b", s.serve)
	http.ListenAndServe(":80", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	start(&http.Server{Handler: nil, ConnState: func(c net.Conn, s http.ConnState) {}})
}
func handle(w http.ResponseWriter, r *http.Request) {}
func (s *server) serve(w http.ResponseWriter, r *http.Request) {}`))
    const index = (name: string) => m.functions.findIndex((f) => f.name === name)
    const handleFuncs = m.calls.filter((c) => c.callee === "net/http.HandleFunc")
    expect(handleFuncs.map((c) => c.callbacks)).toEqual([[{ arg: 1, fn: index("handle") }], [{ arg: 1, fn: index("serve") }]])
    const literals = m.functions.flatMap((f, i) => (f.name === "<lambda>" ? [i] : []))
    expect(callTo(m, "net/http.HandlerFunc").callbacks).toEqual([{ arg: 0, fn: literals[0] }])
    expect(callTo(m, "start").callbacks).toEqual([{ arg: 0, field: "ConnState", fn: literals[1] }])
    expect(callTo(m, "net/http.ListenAndServe").callbacks).toBeUndefined()
  })
})

describe("Go model: guards", () => {
  it("an error validator of the file guards its argument where its error is nil, judged by its body", () => {
    const code = go([`"errors"`, `"os"`, `"regexp"`], `
var namePattern = regexp.MustCompile(\`^[a-z0-9_-]+$\`)

func checkName(n string) error {
	if !namePattern.MatchString(n) {
		return errors.New("bad name")
	}
	return nil
}

func loose(n string) error {
	if n == "" {
		return nil
	}
	if !namePattern.MatchString(n) {
		return errors.New("bad name")
	}
	return nil
}

func use(a, b string) {
	if err := checkName(a); err == nil {
		os.ReadFile(a)
	}
	if err := loose(b); err != nil {
		return
	}
	os.ReadFile(b)
}`)
    const m = model(code)
    expect(guards(fnNamed(m, "use").body).map((g) => [g.kind, g.name])).toEqual([["validated", "a"]])
  })

  it("an allow-list check that returns guards the rest of the block", () => {
    const code = go([`"os/exec"`, `"slices"`, `"log"`], `
func run(cmd string) {
	if !slices.Contains(allowed, cmd) {
		log.Printf("refused %s", cmd)
		return
	}
	exec.Command(cmd).Run()
}`)
    const m = model(code)
    expect(guards(fnNamed(m, "run").body)).toEqual([{ kind: "allowlist", name: "cmd", scope: afterIf(code, "if !slices") }])
  })

  it("comma-ok map lookups, bool-map sets and comparisons with a literal are allow-lists", () => {
    const code = go([`"os/exec"`], `
func run(a, b, c string) {
	if _, ok := allowed[a]; !ok {
		return
	}
	if !known[b] {
		return
	}
	if c != "status" {
		return
	}
	exec.Command(a, b, c)
}`)
    const names = guards(fnNamed(model(code), "run").body).map((g) => [g.kind, g.name])
    expect(names).toEqual([["allowlist", "a"], ["allowlist", "b"], ["allowlist", "c"]])
  })

  it("a positive check guards its own branch only; a branch that does not exit guards nothing after, unless it resets the variable to a constant", () => {
    const code = go([`"slices"`], `
func run(a, b, c string) {
	if slices.Contains(allowed, a) {
		use(a)
	}
	if !slices.Contains(allowed, b) {
		b = "default"
	}
	if !slices.Contains(allowed, c) {
		log(c)
	}
	use(b, c)
}`)
    const m = model(code)
    const branch = code.indexOf("{\n\t\tuse(a)")
    const afterReset = code.indexOf("}", code.indexOf(`b = "default"`)) + 1
    expect(guards(fnNamed(m, "run").body)).toEqual([
      { kind: "allowlist", name: "a", scope: { start: branch, end: code.indexOf("}", branch) + 1 } },
      { kind: "allowlist", name: "b", scope: { start: afterReset, end: code.lastIndexOf("}") } }
    ])
  })

  it("filepath.Rel with a `..` check and HasPrefix on a cleaned path are containment", () => {
    const code = go([`"os"`, `"path/filepath"`, `"strings"`], `
func read(base, p string) {
	rel, err := filepath.Rel(base, p)
	if err != nil || strings.HasPrefix(rel, "..") {
		return
	}
	clean := filepath.Clean(filepath.Join(base, p))
	if !strings.HasPrefix(clean, base) {
		panic("escape")
	}
	os.ReadFile(clean)
}`)
    const found = guards(fnNamed(model(code), "read").body)
    expect(found.map((g) => [g.kind, g.name])).toEqual([["contained", "rel"], ["contained", "p"], ["contained", "clean"]])
    expect(found[2]!.scope).toEqual(afterIf(code, "if !strings.HasPrefix"))
  })

  it("a host check on a parsed URL guards the URL and the raw string", () => {
    const code = go([`"net/http"`, `"net/url"`], `
func fetch(raw, other string) {
	u, err := url.Parse(raw)
	if err != nil || u.Host != "api.example.com" {
		return
	}
	v, _ := url.Parse(other)
	if !allowedHosts[v.Hostname()] {
		return
	}
	http.Get(raw)
}`)
    expect(guards(fnNamed(model(code), "fetch").body).map((g) => [g.kind, g.name])).toEqual([
      ["host_allowlist", "u"], ["host_allowlist", "raw"],
      ["host_allowlist", "v"], ["host_allowlist", "other"]
    ])
  })

  it("a regexp match is a validation; a failed check proves nothing", () => {
    const code = go([`"net/http"`, `"regexp"`], `
var nameRe = regexp.MustCompile("^[a-z]+$")
func h(w http.ResponseWriter, name, other string) {
	if !nameRe.MatchString(name) {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	if nameRe.MatchString(other) {
		return
	}
}`)
    expect(guards(fnNamed(model(code), "h").body).map((g) => [g.kind, g.name])).toEqual([["validated", "name"]])
  })

  it("a regexp match validates through a result variable, in place and compiled in the function; a loose pattern does not", () => {
    const code = go([`"regexp"`], `
var loose = regexp.MustCompile("[a-z]+")
const digits = "^[0-9]+$"
var digitsRe = regexp.MustCompile(digits)
func h(a, b, c, d, e, f, g, i string) {
	if ok, _ := regexp.MatchString("^[a-z]+$", a); !ok {
		return
	}
	matched, err := regexp.MatchString("^[0-9]+$", b)
	if err != nil {
		return
	}
	if !matched {
		return
	}
	if !regexp.MustCompile("^[a-z-]+$").MatchString(c) {
		return
	}
	re := regexp.MustCompile("^[a-f0-9]{7,40}$")
	if !re.MatchString(d) {
		return
	}
	if !loose.MatchString(e) {
		return
	}
	if ok, _ := regexp.MatchString("[a-z]+", f); !ok {
		return
	}
	if !digitsRe.MatchString(g) {
		return
	}
	if ok, _ := regexp.MatchString(digits, i); !ok {
		return
	}
}`)
    expect(guards(fnNamed(model(code), "h").body).map((g) => [g.kind, g.name])).toEqual([
      ["validated", "a"], ["validated", "b"], ["validated", "c"], ["validated", "d"], ["validated", "g"], ["validated", "i"]
    ])
  })
})

describe("Go model: more guard shapes", () => {
  it("`x != a && x != b` before an exit and an exiting switch default are allow-lists; EqualFold with a literal too", () => {
    const code = go([`"os/exec"`, `"strings"`], `
func run(a, b, c, d string) {
	if a != "ls" && a != "pwd" {
		return
	}
	switch b {
	case "json", "yaml":
	default:
		return
	}
	if !strings.EqualFold(c, "status") {
		return
	}
	if d != "x" && c != "y" {
		return
	}
	exec.Command(a, b, c, d)
}`)
    const found = guards(fnNamed(model(code), "run").body)
    // b: inside its literal case, and after the switch because the default exits
    expect(found.map((g) => [g.kind, g.name])).toEqual([["allowlist", "a"], ["allowlist", "b"], ["allowlist", "b"], ["allowlist", "c"]])
    const caseAt = code.indexOf("case \"json\"")
    expect(found[1]!.scope).toEqual({ start: caseAt, end: code.indexOf("\n", caseAt) })
    const switchEnd = code.indexOf("\t}", code.indexOf("switch b")) + 2
    expect(found[2]!.scope).toEqual({ start: switchEnd, end: code.lastIndexOf("}") })
  })

  it("a variable made by new(T) holds a T", () => {
    const m = model(go([`"net/http"`], `
func get(u string) {
	c := new(http.Client)
	c.Get(u)
}`))
    expect(callees(m)).toContain("net/http.Client.Get")
  })

  it("a typed composite literal is also a call of its type, keyed fields as keywords, and stays a struct value", () => {
    const m = model(go([`"crypto/tls"`, `adk "google.golang.org/adk/agent/workflowagents/loopagent"`], `
type local struct{ A int }

func setup(name string) {
	cfg := &tls.Config{InsecureSkipVerify: true, ServerName: name}
	agent := adk.New(adk.Config{Name: "x", MaxIterations: 3})
	_ = []tls.Certificate{{}}
	_ = local{A: 1}
	_, _ = cfg, agent
}`))
    expect(callees(m)).toEqual(["crypto/tls.Config", "google.golang.org/adk/agent/workflowagents/loopagent.Config", "google.golang.org/adk/agent/workflowagents/loopagent.New"])
    const tlsConfig = callTo(m, "crypto/tls.Config")
    expect(tlsConfig.args.map((a) => [a.name, a.value])).toEqual([["InsecureSkipVerify", { k: "lit", value: true }], ["ServerName", { k: "name", name: "name" }]])
    expect(tlsConfig.written).toBe("tls.Config")
    expect(noSpans(assigned(fnNamed(m, "setup").body, "cfg"))).toEqual([{ k: "container", entries: [{ key: "InsecureSkipVerify", value: { k: "lit", value: true } }, { key: "ServerName", value: { k: "name", name: "name" } }] }])
  })
})

describe("Go model: interest", () => {
  it("walks only functions that mention a needed name, and the functions that call them; headers are kept", () => {
    const code = go([`"fmt"`, `"net/http"`, `"os/exec"`], `
func helper(cmd string) {
	exec.Command(cmd).Run()
}
func handler(w http.ResponseWriter, r *http.Request) {
	helper(r.FormValue("c"))
}
func unrelated(n int) {
	fmt.Println(n)
}
func quote(s string) string {
	return s
}
func run(cmd string) {
	exec.Command(quote(cmd))
}`)
    const m = goModel(parseCode("go", code, Deadline.never()), code, { within: (start, end) => code.slice(start, end).includes("exec."), names: () => false })
    // helper and run are of interest; handler calls helper, and run calls quote: both are walked too
    expect(callees(m)).toEqual(["os/exec.Command", "os/exec.Command().Run", "quote", "os/exec.Command", "net/http.Request.FormValue", "helper"])
    // as in python.ts, a skipped function keeps its name and spans; its parameters are filled with its body
    expect(m.functions.map((f) => [f.name, f.params])).toEqual([["helper", ["cmd"]], ["handler", ["w", "r"]], ["unrelated", []], ["quote", ["s"]], ["run", ["cmd"]]])
    expect(fnNamed(m, "quote").body).toEqual([expect.objectContaining({ k: "return", value: { k: "name", name: "s" } })])
    expect(fnNamed(m, "unrelated").body).toEqual([])
  })
})

describe("Go model: robustness", () => {
  it("never throws on broken input", () => {
    for (const code of ["package", "func (", "package p\nfunc f() { x := ", "package p\nvar = \nfunc (s *) m(", "package p\nfunc f() { if { } for range { } switch x.(type) { case: } }"])
      expect(() => model(code)).not.toThrow()
  })
})
