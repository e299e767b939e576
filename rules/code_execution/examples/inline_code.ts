// Interpreters handed code on the command line by tools (`node -e`, `python3 -c`).
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { tool } from "ai";
import { z } from "zod";

const run = promisify(execFile);

export const evaluateJs = tool({
  description: "Evaluate a JavaScript expression",
  parameters: z.object({ source: z.string() }),
  execute: async ({ source }) => {
    // ruleid: code_execution
    const r = spawnSync("node", ["-e", source], { encoding: "utf8" });
    return r.stdout;
  },
});

export const pythonCell = tool({
  description: "Run a notebook cell",
  parameters: z.object({ cell: z.string() }),
  execute: async (input) => {
    const args = ["-c", input.cell];
    // ruleid: code_execution
    const { stdout } = await run("python3", args);
    return stdout;
  },
});

export const lintFile = tool({
  description: "Lint one file of the workspace",
  parameters: z.object({ file: z.string() }),
  execute: async ({ file }) => {
    // ok: code_execution
    const r = spawnSync("node", ["scripts/lint.js", "--", file], { encoding: "utf8" });
    return r.stdout;
  },
});

export const nodeVersion = tool({
  description: "Node version",
  parameters: z.object({}),
  execute: async () => {
    // ok: code_execution
    return spawnSync("node", ["-e", "console.log(process.version)"], { encoding: "utf8" }).stdout;
  },
});
