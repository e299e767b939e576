import { tool } from "ai";
import { z } from "zod";
import { promises as fsp } from "fs";
import path from "path";

const DRAFTS = "/var/app/drafts";

// basename() inside the join keeps only the last segment of the model's name.
export const openDraft = tool({
  description: "Open a draft",
  parameters: z.object({ title: z.string() }),
  execute: async ({ title }) => {
    // ok: path_traversal
    return fsp.readFile(path.join(DRAFTS, path.basename(title) + ".md"), "utf8");
  },
});

// The same join without basename lets "../" climb out of the drafts folder.
export const saveDraft = tool({
  description: "Save a draft",
  parameters: z.object({ title: z.string(), text: z.string() }),
  execute: async ({ title, text }) => {
    // ruleid: path_traversal
    await fsp.writeFile(path.join(DRAFTS, `${title}.md`), text);
    return "saved";
  },
});
