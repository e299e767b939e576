import { createClient } from "@supabase/supabase-js"
import express from "express"
import { NextRequest, NextResponse } from "next/server"

const supabase = createClient(process.env.SUPABASE_URL!, process.env.SUPABASE_ANON_KEY!)

// A storage bucket's download(key) fetches an object of that bucket from the storage service (its
// access policy decides what the key may reach); Express's res.download(path) opens a local file.

export async function POST(req: NextRequest) {
  const { key } = await req.json()
  // ok: path_traversal
  const { data } = await supabase.storage.from("uploads").download(key)
  return new NextResponse(data)
}

export async function PUT(request: NextRequest) {
  const form = await request.formData()
  const bucket = supabase.storage.from("attachments")
  // ok: path_traversal
  const blob = await bucket.download(String(form.get("objectPath")))
  return NextResponse.json({ size: blob.data?.size })
}

const app = express()
app.get("/export", (req, res) => {
  // ruleid: path_traversal
  res.download(req.query.name as string)
})
app.get("/attachment/:id", async (req, res) => {
  const { data } = await supabase.storage.from("attachments").download(req.params.id)
  // ruleid: path_traversal
  res.sendFile(String(req.query.local))
  res.end(data)
})
