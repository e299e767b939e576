package hosttools

import (
	"context"
	"os/exec"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The official Go SDK decodes a tool's arguments into the handler's third parameter.
type execInput struct {
	Binary string   `json:"binary" jsonschema:"program to start"`
	Argv   []string `json:"argv"`
	Line   string   `json:"line"`
}

func launch(ctx context.Context, req *mcp.CallToolRequest, in execInput) (*mcp.CallToolResult, any, error) {
	// ruleid: code_execution
	out, err := exec.CommandContext(ctx, in.Binary, in.Argv...).Output()
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}}, nil, nil
}

type shellServer struct{ dir string }

// a method value registered as the handler
func (s *shellServer) sh(ctx context.Context, _ *mcp.CallToolRequest, in execInput) (*mcp.CallToolResult, any, error) {
	// ruleid: code_execution
	cmd := exec.CommandContext(ctx, "bash", "-c", in.Line)
	cmd.Dir = s.dir
	out, err := cmd.CombinedOutput()
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}}, nil, err
}

func status(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
	// ok: code_execution
	out, err := exec.CommandContext(ctx, "git", "status", "--short").Output()
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: string(out)}}}, nil, err
}

func Register(server *mcp.Server, s *shellServer) {
	mcp.AddTool(server, &mcp.Tool{Name: "launch"}, launch)
	mcp.AddTool(server, &mcp.Tool{Name: "sh"}, s.sh)
	mcp.AddTool(server, &mcp.Tool{Name: "status"}, status)
}
