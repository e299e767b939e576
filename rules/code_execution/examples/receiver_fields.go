package netdiag

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The shell is a field of the tool's receiver, set to one constant by the file's struct literal:
// `d.shell` is "/bin/sh", so `exec.CommandContext(ctx, d.shell, "-c", line)` runs line as a script.
type diag struct {
	shell string
	tool  string
}

func (d *diag) probe(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host, _ := req.RequireString("host")
	line := fmt.Sprintf("ping -c 3 %s", host)
	// ruleid: code_execution
	out, err := exec.CommandContext(ctx, d.shell, "-c", line).CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func (d *diag) trace(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	host, _ := req.RequireString("host")
	// ok: code_execution
	out, err := exec.CommandContext(ctx, d.tool, "-m", "12", host).CombinedOutput()
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(string(out)), nil
}

func Serve() error {
	s := server.NewMCPServer("netdiag", "1.0.0")
	d := &diag{shell: "/bin/sh", tool: "traceroute"}
	s.AddTool(mcp.NewTool("probe", mcp.WithString("host", mcp.Required())), d.probe)
	s.AddTool(mcp.NewTool("trace", mcp.WithString("host", mcp.Required())), d.trace)
	return server.ServeStdio(s)
}
