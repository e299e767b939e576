package tools

import (
	"bytes"
	"context"
	htmltemplate "html/template"

	"github.com/mark3labs/mcp-go/mcp"
)

const layout = "<p>{{.Body}}</p>"

func compile(name, src string) (*htmltemplate.Template, error) {
	// ruleid: prompt_template
	return htmltemplate.New(name).Parse(src)
}

func RenderTool(ctx context.Context, request mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	tpl, err := request.RequireString("template")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	t, err := compile("user", "{{define \"main\"}}"+tpl+"{{end}}")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: prompt_template
	fixed, _ := compile("fixed", layout)
	var out bytes.Buffer
	_ = t.Execute(&out, nil)
	_ = fixed.Execute(&out, map[string]string{"Body": tpl})
	return mcp.NewToolResultText(out.String()), nil
}
