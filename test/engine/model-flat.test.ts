import fs from "node:fs"
import path from "node:path"
import { describe, expect, it } from "vitest"
import type { Interest } from "../../src/engine/model/interest.js"
import { goModel, goModelOf } from "../../src/engine/model/go.js"
import { pythonModel, pythonModelOf } from "../../src/engine/model/python.js"
import { Deadline } from "../../src/languages/Source.js"
import { parseCode, parseTreeSitter, type TreeSitterLanguage } from "../../src/languages/treeSitter.js"

/*
 * The semantic models are built over a flat copy of the tree exported in the parse's native call
 * (src/languages/flatTree.ts) for speed. The same walkers also run over the binding's own nodes; both must give the same model, for
 * code written here and, when present on this machine, for the benchmark corpora.
 */

const json = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (v instanceof Map ? [...v] : v))

/** An interest like analyseSource's: functions that mention one of these names. */
const interestIn = (text: string, names: ReadonlyArray<string>): Interest | undefined => {
  const offsets: Array<number> = []
  for (const n of names) for (let i = text.indexOf(n); i !== -1; i = text.indexOf(n, i + n.length)) offsets.push(i)
  return offsets.length === 0 ? undefined : { within: (start, end) => offsets.some((o) => o >= start && o < end), names: (segment) => names.includes(segment) }
}

const NAMES = ["run", "execute", "open", "Command", "Query", "Exec", "system", "get", "Get"]

/** Both models of one file, with and without an interest, as JSON. */
const both = (language: TreeSitterLanguage, text: string): Array<[string, string]> => {
  const tree = parseTreeSitter(language, text, Deadline.never())
  const flatTree = parseCode(language, text, Deadline.never())
  const interest = interestIn(text, NAMES)
  const flat = language === "python" ? pythonModel : goModel
  const native = language === "python" ? pythonModelOf : goModelOf
  const pairs: Array<[string, string]> = [[json(native(tree.rootNode, text)), json(flat(flatTree, text))]]
  if (interest !== undefined) pairs.push([json(native(tree.rootNode, text, interest)), json(flat(flatTree, text, interest))])
  return pairs
}

const PYTHON = `
import subprocess as sp, os.path
from os import system as run_it, path
from . import helpers
import requests

CONFIG = {"host": "example.com", "port": 8080, **EXTRA}
TABLE = [1, 2.5, -1, 0x1F, None, True, False, "a" "b"]

@app.route("/run/<cmd>", methods=["POST"])
async def handler(cmd: str, *args, limit=10, **kw) -> dict:
    """Runs a command."""
    if cmd not in ALLOWED or not cmd.isalnum():
        raise ValueError("no")
    assert os.path.realpath(cmd).startswith("/srv"), "outside"
    out = sp.run(f"echo {cmd!r:>10} {kw['x']}", shell=True, check=False)
    a, (b, *c) = out.stdout, (1, 2, 3)
    self.client.data["k"] += "%s-%d" % (a, b)
    d = {k: v for k, v in kw.items() if k}
    gen = (x * 2 for x in args)
    lam = lambda y, z=1: y + z
    with open(cmd) as fh, sp.Popen(["ls"]) as p:
        text = fh.read()
    for i, item in enumerate(args):
        if i == 1:
            continue
        elif item is None:
            break
        else:
            pass
    while (n := len(text)) > 0:
        text = text[1:]
    try:
        requests.get("https://" + CONFIG["host"] + "/api", verify=False, timeout=None)
    except (OSError, ValueError) as e:
        logger.error(e)
    finally:
        del text
    match cmd:
        case "a" | "b":
            run_it(cmd)
        case _:
            pass
    return {"ok": True, "n": -n, "cond": a if b else c, "not": not a, "cmp": 1 < b <= 3}

class Tool(Base, metaclass=Meta):
    name = "tool"
    def run(self, query):
        # a comment
        cur = sqlite3.connect("db").cursor()
        cur.execute("SELECT * FROM t WHERE q = '%s'" % query)
        return "{}".format(query).strip()

def unused(x):
    return x + 1

def caller(v):
    return handler(v)
`

const GO = `
package main

import (
\t"database/sql"
\tex "os/exec"
\t_ "embed"
\t"fmt"
\t"net/http"
\t"strings"
)

// Server serves.
type Server struct {
\tdb     *sql.DB
\tclient http.Client
\tnames  []string
}

const (
\tA = iota
\tB
\tC = "c"
)

var table = map[string]bool{"a": true, "b": false}

// handle runs a query.
func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
\tname := r.URL.Query().Get("name")
\tif _, ok := table[name]; !ok {
\t\thttp.Error(w, "no", 400)
\t\treturn
\t}
\tvar sb strings.Builder
\tsb.WriteString("SELECT * FROM t WHERE n = '" + name + "'")
\trows, err := s.db.Query(sb.String(), 1, 2.5, 'x', nil, true)
\tif err != nil {
\t\tpanic(err)
\t}
\tdefer rows.Close()
\tcmd := ex.Command("sh", "-c", fmt.Sprintf("echo %s", name))
\tswitch v := interface{}(cmd).(type) {
\tcase *ex.Cmd:
\t\t_ = v.Run()
\tdefault:
\t}
\tswitch name {
\tcase "a", "b":
\t\tgo func(n string) { _ = n }(name)
\tdefault:
\t\treturn
\t}
\tfor i, x := range []string{name, "y"} {
\t\tif i > 0 && strings.HasPrefix(x, "..") {
\t\t\tcontinue
\t\t}
\t}
\tfor i := 0; i < 3; i++ {
\t\tch <- name[i:]
\t}
\tselect {
\tcase m := <-ch:
\t\t_ = m
\tdefault:
\t}
\tc := &http.Client{Timeout: 0}
\tresp, _ := c.Get("http://" + name)
\t_ = resp
\tp := new(http.Client)
\t_ = p
\tx := *(&name)
\t_ = -len(x)
label:
\tfor {
\t\tbreak label
\t}
}

func helper(s string) string { return strings.TrimSpace(s) }

func unused() int { return 1 }
`

describe("semantic models over the flat tree equal the models over binding nodes", () => {
  it("on Python written here", () => {
    for (const [native, flat] of both("python", PYTHON)) expect(flat).toBe(native)
  })

  it("on Go written here", () => {
    for (const [native, flat] of both("go", GO)) expect(flat).toBe(native)
  })

  it("on code with syntax errors", () => {
    for (const [native, flat] of both("python", "def f(:\n    run(x\nclass")) expect(flat).toBe(native)
    for (const [native, flat] of both("go", "package p\nfunc f( {\n\tQuery(x\n}")) expect(flat).toBe(native)
  })

  const manifestPath = path.resolve(__dirname, "../../benchmarks/manifest.json")
  const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as {
    corpora: Record<string, { rootHint: string; files: Array<[string, number, string]> }>
  }
  for (const language of ["python", "go"] as const) {
    const corpus = manifest.corpora[language]!
    const files = corpus.files.map(([f]) => path.join(corpus.rootHint, f)).filter((f) => fs.existsSync(f))
    it(`on the ${language} benchmark corpus (${corpus.rootHint})`, (ctx) => {
      if (files.length === 0) {
        console.log(`skipped: the ${language} corpus is not on this machine (${corpus.rootHint})`)
        return ctx.skip()
      }
      let compared = 0
      for (const file of files) {
        const text = fs.readFileSync(file, "utf8")
        for (const [native, flat] of both(language, text)) {
          if (flat !== native) expect.fail(`${file}: the flat tree gives another model`)
          compared++
        }
      }
      expect(compared).toBeGreaterThanOrEqual(files.length)
    }, 120_000)
  }
})
