import os
import subprocess

import gradio as gr
from fastapi import Depends, FastAPI
from langserve import add_routes

from .agent import agent_executor, answer, verify_api_key

demo = gr.ChatInterface(fn=answer, title="Support agent")
# ruleid: exposed_agent_surface[gradio_share]
demo.launch(share=True)

with gr.Blocks() as ui:
    box = gr.Textbox()
# ruleid: exposed_agent_surface[all_interfaces]
ui.launch(server_name="0.0.0.0", server_port=7860)

# ok: exposed_agent_surface
demo.launch(share=True, auth=("admin", os.environ["UI_PASSWORD"]))

# ok: exposed_agent_surface
demo.launch(server_name="127.0.0.1")

# ruleid: exposed_agent_surface[jupyter_token]
subprocess.Popen(["jupyter", "lab", "--ip=0.0.0.0", "--ServerApp.token=", "--no-browser"])

# ruleid: exposed_agent_surface[jupyter_token]
os.system("jupyter notebook --ip 0.0.0.0 --NotebookApp.token='' --allow-root")

# ok: exposed_agent_surface
subprocess.Popen(["jupyter", "lab", "--no-browser", f"--ServerApp.token={os.environ['JUPYTER_TOKEN']}"])

app = FastAPI()
# ruleid: exposed_agent_surface[langserve_routes]
add_routes(app, agent_executor, path="/agent")

# ok: exposed_agent_surface
add_routes(app, agent_executor, path="/secure-agent", dependencies=[Depends(verify_api_key)])
