package main

import (
	"context"
	"os"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type sandbox struct {
	dir string
}

func (s *sandbox) runPython(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	code, _ := req.RequireString("code")
	cmd := exec.CommandContext(ctx, "python3", "-c", code)
	cmd.Dir = s.dir
	// ruleid: insecure_credential_handling[env_inherited]
	cmd.Env = os.Environ()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func runShell(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	line, _ := req.RequireString("command")
	proc := exec.CommandContext(ctx, "sh", "-c", line)
	// ruleid: insecure_credential_handling[env_inherited]
	proc.Env = append(os.Environ(), "PYTHONUNBUFFERED=1", "HOME="+os.TempDir())
	out, _ := proc.Output()
	return mcp.NewToolResultText(string(out)), nil
}

func runCurated(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	code, _ := req.RequireString("code")
	c := exec.CommandContext(ctx, "node", "-e", code)
	// ok: insecure_credential_handling
	c.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + os.TempDir()}
	out, _ := c.Output()
	return mcp.NewToolResultText(string(out)), nil
}

func buildTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target, _ := req.RequireString("target")
	// ok: insecure_credential_handling
	out, _ := exec.CommandContext(ctx, "make", "--", target).Output()
	return mcp.NewToolResultText(string(out)), nil
}

func main() {
	s := server.NewMCPServer("sandbox", "1.0.0")
	box := &sandbox{dir: os.TempDir()}
	s.AddTool(mcp.NewTool("run_python", mcp.WithString("code", mcp.Required())), box.runPython)
	s.AddTool(mcp.NewTool("run_shell", mcp.WithString("command", mcp.Required())), runShell)
	s.AddTool(mcp.NewTool("run_node", mcp.WithString("code", mcp.Required())), runCurated)
	s.AddTool(mcp.NewTool("build", mcp.WithString("target", mcp.Required())), buildTool)
	_ = server.ServeStdio(s)
}
