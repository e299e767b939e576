package resources

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

const docRoot = "/srv/docs"

func Register(s *server.MCPServer) {
	tmpl := mcp.NewResourceTemplate("docs://{name}", "Document", mcp.WithTemplateMIMEType("text/markdown"))
	s.AddResourceTemplate(tmpl, func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		name := strings.TrimPrefix(req.Params.URI, "docs://")
		// ruleid: path_traversal
		data, err := os.ReadFile(filepath.Join(docRoot, name))
		if err != nil {
			return nil, err
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/markdown", Text: string(data)}}, nil
	})
	s.AddResourceTemplate(mcp.NewResourceTemplate("safe://{name}", "Safe document"), readSafe)
	s.AddResource(mcp.NewResource("config://agent", "Agent config"), readConfig)
}

func readSafe(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	name := strings.TrimPrefix(request.Params.URI, "safe://")
	root, err := os.OpenRoot(docRoot)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	// ok: path_traversal
	f, err := root.Open(name)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	defer f.Close()
	return nil, nil
}

func readConfig(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	// ok: path_traversal
	data, err := os.ReadFile("/etc/agent/config.yaml")
	if err != nil {
		return nil, err
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: request.Params.URI, Text: string(data)}}, nil
}

func readArchive(ctx context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	day, _ := request.Params.Arguments["day"].(string)
	// ruleid: path_traversal
	data, err := os.ReadFile("/srv/archive/" + day + ".txt")
	if err != nil {
		return nil, err
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: request.Params.URI, Text: string(data)}}, nil
}
