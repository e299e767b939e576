import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"

/** Writes `files` (relative path → content) under a new temporary directory and returns it. */
export const writeTree = (label: string, files: Readonly<Record<string, string | Buffer>>): string => {
  const root = mkdtempSync(join(tmpdir(), `vigil-${label}-`))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

/**
 * Secrets planted in the fixture repository. None may ever appear in a request body: the ones in
 * scanned files are redacted, the ones in ignored or fixture files are not uploaded at all.
 */
export const SECRETS = {
  openai: "sk-proj-Qw7rT2yU9iO4pA6sD8fG1hJ3kL5zX7cV9bN2mQ4wE6rT8yU1iO3pA5sD7fG9hJ2kL4zX",
  aws: "AKIAJ7Q2W8E4R6T1Y3U5",
  github: "ghp_Rt5Yu8Io2Pa4Sd6Fg9Hj1Kl3Zx5Cv7Bn9Mq2W",
  /** a generic credential-named literal: detected in settings.py, copied verbatim into client.ts */
  generic: "Zq8Lm3Nv7Bx2Kc9Df4Gh6Jt1Wp5Rs0Yu",
  n8nHeader: "9f3c1a7e5b2d4f6a8c0e1b3d5f7a9c2e4b6d8f0a1c3e5b7d9f2a4c6e8b0d1f3a",
  pemBody: [
    "MIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM2NvTnJ7sKx9gHf4LpWq8Ye6Rc1Vd",
    "Qk5Ua8Zb3Xn7Ym2Ws9Et4Ir6Oo1Pp0Aq3Sd5Ff7Gg9Hh2Jj4Kk6Ll8Zz1Xx3Cc5Vv",
    "Bb7Nn9Mm2Qq4Ww6Ee8Rr0Tt3Yy5Uu7Ii9Oo1Pp4Aa6Ss8Dd0Ff2Gg5Hh7Jj9Kk1Ll"
  ],
  /** in a fixture directory (tests/): never uploaded */
  fixture: "sk-proj-Zm4Xn8Bv2Cq6Wd0Ef5Rg9Th3Yj7Uk1Il5Om9Pn3Qo7Rp1Sq5Tr9Us3Vt7Wu1Xv5Yw9Zx3",
  /** in a gitignored file: never uploaded */
  ignored: "ghp_Ab3De6Gh9Jk2Mn5Pq8St1Vw4Yz7Bc0Ef3Hi6K"
} as const

export const allSecrets = (): Array<string> => [
  SECRETS.openai,
  SECRETS.aws,
  SECRETS.github,
  SECRETS.generic,
  SECRETS.n8nHeader,
  ...SECRETS.pemBody,
  SECRETS.fixture,
  SECRETS.ignored
]

const n8nWorkflow = `{
  "name": "Nightly report",
  "nodes": [
    {
      "parameters": { "rule": { "interval": [{ "field": "days" }] } },
      "id": "5d0f6a8e-0c1b-4a4c-9e55-2b7f0c1d0101",
      "name": "Every Day",
      "type": "n8n-nodes-base.scheduleTrigger",
      "typeVersion": 1.2,
      "position": [0, 0]
    },
    {
      "parameters": {
        "url": "https://api.vendor.io/v1/reports",
        "sendHeaders": true,
        "headerParameters": {
          "parameters": [
            {
              "name": "X-Apikey",
              "value": "${SECRETS.n8nHeader}"
            }
          ]
        },
        "options": {}
      },
      "id": "5d0f6a8e-0c1b-4a4c-9e55-2b7f0c1d0102",
      "name": "Fetch Report",
      "type": "n8n-nodes-base.httpRequest",
      "typeVersion": 4.2,
      "position": [220, 0]
    }
  ],
  "connections": {
    "Every Day": { "main": [[{ "node": "Fetch Report", "type": "main", "index": 0 }]] }
  }
}
`

/**
 * A small agent repository: secrets of several kinds (one on the same line as a code finding, so
 * columns after a redaction marker must be mapped back), a PEM block over several lines, a secret
 * copied into a second file, an n8n export, a gitignored file and a fixture directory.
 */
export const secretRepository = (): string =>
  writeTree("secrets", {
    ".gitignore": "local_settings.py\n",
    "agent/config.py": [
      "import os",
      "",
      `OPENAI_KEY = "${SECRETS.openai}"; answer = eval(input())`,
      `client_secret = "${SECRETS.generic}"`,
      "",
      "def run(prompt):",
      "    return eval(prompt)",
      ""
    ].join("\n"),
    "agent/keys.py": [
      "# deployment key of the agent",
      "DEPLOY_KEY = \"\"\"-----BEGIN RSA PRIVATE KEY-----",
      ...SECRETS.pemBody,
      "-----END RSA PRIVATE KEY-----\"\"\"",
      ""
    ].join("\n"),
    "agent/client.ts": [
      "export const headers = {",
      `  "X-Client": "${SECRETS.generic}",`,
      "}",
      "export const run = (code: string) => eval(code)",
      ""
    ].join("\n"),
    "agent/settings.yaml": [
      "service:",
      "  name: billing-bot",
      `  aws_access_key_id: ${SECRETS.aws}`,
      `  github_token: ${SECRETS.github}`,
      ""
    ].join("\n"),
    "agent/workflow.json": n8nWorkflow,
    "local_settings.py": `TOKEN = "${SECRETS.ignored}"\n`,
    "tests/test_keys.py": `KEY = "${SECRETS.fixture}"\nprint(eval(KEY))\n`
  })

/** `count` Python files of about `bytes` each, each with one eval: more than one request under small limits. */
export const bulkyRepository = (count: number, bytes: number): string => {
  const files: Record<string, string> = {}
  const filler = "# " + "padding ".repeat(Math.ceil(bytes / 8)).slice(0, bytes) + "\n"
  for (let i = 0; i < count; i++) files[`bulk/module_${String(i).padStart(2, "0")}.py`] = `${filler}def run_${i}(x):\n    return eval(x)\n`
  return writeTree("bulky", files)
}
