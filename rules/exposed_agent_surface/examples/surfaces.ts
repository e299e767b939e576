import { spawn, exec } from "child_process"
import express from "express"

const app = express()
const HOST = "0.0.0.0"

// ruleid: exposed_agent_surface[jupyter_token]
spawn("jupyter", ["lab", "--no-browser", "--ServerApp.token="])

// ruleid: exposed_agent_surface[jupyter_token]
exec("jupyter notebook --NotebookApp.token='' --port 8888")

// ok: exposed_agent_surface
spawn("jupyter", ["lab", "--no-browser", "--ServerApp.token=" + process.env.JUPYTER_TOKEN])

// ruleid: exposed_agent_surface[all_interfaces]
app.listen(3000, HOST)

// ok: exposed_agent_surface
app.listen(3000, "127.0.0.1")

// ok: exposed_agent_surface
app.listen(3000)
