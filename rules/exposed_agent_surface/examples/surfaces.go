package main

import (
	"net/http"
	"os"
	"os/exec"
)

func startNotebook() error {
	// ruleid: exposed_agent_surface[jupyter_token]
	cmd := exec.Command("jupyter", "lab", "--ServerApp.token=")
	return cmd.Start()
}

func startNotebookWithToken() error {
	// ok: exposed_agent_surface
	cmd := exec.Command("jupyter", "lab", "--ServerApp.token="+os.Getenv("JUPYTER_TOKEN"))
	return cmd.Start()
}

func serve(mux *http.ServeMux) error {
	// ruleid: exposed_agent_surface[all_interfaces]
	return http.ListenAndServe("0.0.0.0:8080", mux)
}

func serveLocal(mux *http.ServeMux) error {
	// ok: exposed_agent_surface
	return http.ListenAndServe("127.0.0.1:8080", mux)
}
