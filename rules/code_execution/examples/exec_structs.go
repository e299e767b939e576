package ops

import (
	"context"
	"os"
	"os/exec"
	"syscall"

	"github.com/mark3labs/mcp-go/mcp"
)

// an MCP tool that replaces the process with what the model names
func ReexecHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	binary := req.GetString("binary", "")
	snippet := req.GetString("snippet", "")
	if binary == "shell" {
		// ruleid: code_execution[shell]
		_ = syscall.Exec("/bin/sh", []string{"sh", "-c", snippet}, os.Environ())
	}
	// ruleid: code_execution[program]
	err := syscall.Exec(binary, []string{binary}, os.Environ())
	// ok: code_execution
	_ = syscall.Exec("/usr/bin/git", []string{"git", "status", snippet}, os.Environ())
	return nil, err
}

func RunHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tool := req.GetString("tool", "")
	line := req.GetString("line", "")
	// ruleid: code_execution[program]
	cmd := &exec.Cmd{Path: tool, Args: []string{tool, "--version"}, Stdout: os.Stdout}
	_ = cmd.Run()
	sh := &exec.Cmd{
		Path: "/bin/bash",
		// ruleid: code_execution[shell]
		Args: []string{"bash", "-c", line},
	}
	_ = sh.Run()
	// ok: code_execution
	safe := &exec.Cmd{Path: "/usr/bin/wc", Args: []string{"wc", "-l", line}}
	return nil, safe.Run()
}

// through env: env runs the shell, the shell runs the model's line
func EnvShellHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	line := req.GetString("line", "")
	// ruleid: code_execution[shell]
	out, err := exec.Command("/usr/bin/env", "bash", "-c", line).CombinedOutput()
	// ruleid: code_execution[shell]
	_ = exec.CommandContext(ctx, "env", "sh", "-c", line).Run()
	// ok: code_execution
	_ = exec.Command("/usr/bin/env", "git", "grep", line).Run()
	return mcp.NewToolResultText(string(out)), err
}

// `-c` among other one-letter flags (`bash -lc`, `sh -ec`) still runs the next argument as a command line
func LoginShellHandler(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	line := req.GetString("line", "")
	// ruleid: code_execution[shell]
	out, err := exec.CommandContext(ctx, "/bin/bash", "-lc", line).CombinedOutput()
	// ruleid: code_execution[shell]
	_ = exec.Command("sh", "-ec", line).Run()
	// ok: code_execution
	_ = exec.Command("bash", "-l", "/opt/tools/report.sh").Run()
	return mcp.NewToolResultText(string(out)), err
}
