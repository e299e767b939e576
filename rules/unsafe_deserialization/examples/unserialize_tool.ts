import serialize from "node-serialize"
import yaml from "js-yaml"
import { tool } from "ai"
import { z } from "zod"

export const restorePrefs = tool({
  description: "Restore the user's saved preferences",
  parameters: z.object({ blob: z.string() }),
  execute: async ({ blob }) => {
    const decoded = Buffer.from(blob, "base64").toString()
    // ruleid: unsafe_deserialization
    return serialize.unserialize(decoded)
  },
})

export const restorePrefsSafely = tool({
  description: "Restore the user's saved preferences",
  parameters: z.object({ blob: z.string() }),
  execute: async ({ blob }) => {
    // ok: unsafe_deserialization
    const prefs = JSON.parse(Buffer.from(blob, "base64").toString())
    // ok: unsafe_deserialization
    const doc = yaml.load(blob)
    return { prefs, doc }
  },
})
