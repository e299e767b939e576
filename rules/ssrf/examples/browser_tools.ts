import puppeteer from "puppeteer"
import { chromium, type Page } from "playwright"
import CDP from "chrome-remote-interface"
import express from "express"
import { tool } from "ai"
import { z } from "zod"
const request = require("request")
const phantom = require("phantom")

const ALLOWED_SITES = ["https://docs.example.com", "https://status.example.com"]

// a browsing tool: the model picks the page
export const openPage = tool({
  description: "Open a web page and return its text",
  inputSchema: z.object({ address: z.string() }),
  execute: async ({ address }) => {
    const browser = await puppeteer.launch()
    const tab = await browser.newPage()
    // ruleid: ssrf
    await tab.goto(address)
    // ok: ssrf
    await tab.goto("https://docs.example.com/start")
    // ok: ssrf
    await tab.goto(`https://docs.example.com/search?q=${encodeURIComponent(address)}`)
    return tab.content()
  },
})

export const screenshot = tool({
  description: "Render a page and take a screenshot",
  inputSchema: z.object({ site: z.string(), markup: z.string() }),
  execute: async ({ site, markup }) => {
    const b = await chromium.launch()
    const view = await b.newPage()
    if (ALLOWED_SITES.includes(site)) {
      // ok: ssrf
      await view.goto(site)
    }
    // ruleid: ssrf
    await view.setContent(`<main>${markup}</main>`)
    // ok: ssrf
    await view.setContent("<main>ready</main>")
    return view.screenshot()
  },
})

// a page handed in by the caller: whoever calls it chooses the address (not proven untrusted here)
export async function visit(page: Page, target: string) {
  // ok: ssrf
  await page.goto(target)
}

const app = express()

app.get("/preview", async (req, res) => {
  const client = await CDP()
  // ruleid: ssrf
  await client.Page.navigate({ url: req.query.link })
  const instance = await phantom.create()
  const ph = await instance.createPage()
  // ruleid: ssrf
  await ph.open(req.query.link)
  res.send("ok")
})

app.post("/mirror", (req, res) => {
  // ruleid: ssrf
  request.get(req.body.source).pipe(res)
  // ruleid: ssrf
  request({ url: req.body.source, timeout: 5000 }).pipe(res)
})

app.post("/mirror-docs", (req, res) => {
  // ok: ssrf
  request.get("https://docs.example.com/" + encodeURIComponent(req.body.slug)).pipe(res)
})

// a base URL the program holds, whatever it is (not shown to leave the host open), then request data
app.get("/relay", (req, res) => {
  // ok: ssrf
  request.get(gateway.base + req.query.path).pipe(res)
})

// an Express session lives on the server: the client holds only its id
app.get("/home", ({ session }: express.Request, res: express.Response) => {
  // ok: ssrf
  request.get(session.homeUrl).pipe(res)
})

const wkhtmltopdf = require("wkhtmltopdf")

app.post("/invoice.pdf", async (req, res) => {
  // ruleid: ssrf
  wkhtmltopdf(req.body.invoiceHtml, { pageSize: "A4" }).pipe(res)
  // ok: ssrf
  wkhtmltopdf("<h1>Invoice</h1>", { pageSize: "A4" })
  const instance = await phantom.create()
  const pg = await instance.createPage()
  // ruleid: ssrf
  await pg.property("content", req.body.invoiceHtml)
  // ok: ssrf
  await pg.property("viewportSize", { width: Number(req.body.width), height: 800 })
})
