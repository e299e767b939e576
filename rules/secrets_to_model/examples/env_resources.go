package ops

import (
	"context"
	"os"
	"runtime"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

func EnvResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	// ruleid: secrets_to_model[whole_environment]
	vars := os.Environ()
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: strings.Join(vars, "\n")}}, nil
}

func RuntimeResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	// ok: secrets_to_model[whole_environment]
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: runtime.Version()}}, nil
}
