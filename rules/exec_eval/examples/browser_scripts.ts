import puppeteer from "puppeteer"
import { chromium } from "playwright"
import CDP from "chrome-remote-interface"
import { tool } from "ai"
import { z } from "zod"

// a browsing tool whose page script is written by the model
export const runInPage = tool({
  description: "Run a snippet in the open page and return the result",
  inputSchema: z.object({ snippet: z.string(), selector: z.string() }),
  execute: async ({ snippet, selector }) => {
    const browser = await puppeteer.launch()
    const page = await browser.newPage()
    // ruleid: exec_eval[browser]
    const out = await page.evaluate(`(async () => { ${snippet} })()`)
    // ruleid: exec_eval[browser]
    await page.evaluateOnNewDocument(`window.__hook = ${snippet}`)
    // ok: exec_eval
    const title = await page.evaluate(() => document.title)
    // ok: exec_eval
    const text = await page.evaluate((sel) => document.querySelector(sel)?.textContent, selector)
    // ok: exec_eval
    await page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    return { out, title, text }
  },
})

export const injectScript = tool({
  description: "Add a script to every page of the session",
  inputSchema: z.object({ body: z.string() }),
  execute: async ({ body }) => {
    const b = await chromium.launch()
    const context = await b.newContext()
    // ruleid: exec_eval[browser]
    await context.addInitScript(`try { ${body} } catch (e) {}`)
    const client = await CDP()
    // ruleid: exec_eval[browser]
    await client.Runtime.evaluate({ expression: "(() => {" + body + "})()" })
    // ok: exec_eval
    await client.Runtime.evaluate({ expression: "document.readyState" })
    return "done"
  },
})

// a helper given script text by its caller: of unknown origin, reported one severity lower
export async function probe(expr: string) {
  const b = await puppeteer.launch()
  const p = await b.newPage()
  // ruleid: exec_eval[browser]
  return p.evaluate(`JSON.stringify(${expr})`)
}
