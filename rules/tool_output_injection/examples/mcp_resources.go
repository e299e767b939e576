package issues

import (
	"context"
	"io"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func Register(s *server.MCPServer) {
	s.AddResourceTemplate(mcp.NewResourceTemplate("page://{slug}", "Wiki page"), readPage)
	s.AddResourceTemplate(mcp.NewResourceTemplate("page-safe://{slug}", "Wiki page (labelled)"), func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		slug := strings.TrimPrefix(req.Params.URI, "page-safe://")
		resp, err := http.Get("https://wiki.example.com/raw/" + slug)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			return nil, err
		}
		wrapped := "<untrusted_document>\n" + string(body) + "\n</untrusted_document>"
		// ok: tool_output_injection
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: wrapped}}, nil
	})
	s.AddResource(mcp.NewResource("meta://version", "Version"), func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		// ok: tool_output_injection
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "1.4.2"}}, nil
	})
}

func readPage(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	slug := strings.TrimPrefix(req.Params.URI, "page://")
	resp, err := http.Get("https://wiki.example.com/raw/" + slug)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	// ruleid: tool_output_injection
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, MIMEType: "text/markdown", Text: string(body)}}, nil
}
