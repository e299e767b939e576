package runner

import (
	"context"
	"net/http"
	"os/exec"
)

func RunHandler(w http.ResponseWriter, r *http.Request) {
	script := r.FormValue("script")
	// ruleid: code_execution[program]
	out, _ := exec.Command("python3", script).Output()
	// ruleid: code_execution[program]
	_ = exec.CommandContext(context.Background(), "/bin/bash", script).Run()
	// ok: code_execution
	_ = exec.Command("python3", "tools/report.py", script).Run()
	_, _ = w.Write(out)
}
