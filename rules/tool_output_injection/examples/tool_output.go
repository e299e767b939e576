package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func readNote(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("name")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	data, err := os.ReadFile("/srv/notes/" + name)
	if err != nil {
		return nil, err
	}
	// ruleid: tool_output_injection
	return mcp.NewToolResultText(string(data)), nil
}

func fetchPage(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url, _ := req.RequireString("url")
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	text := fmt.Sprintf("Fetched %s:\n%s", url, body)
	// ruleid: tool_output_injection
	return mcp.NewToolResultText(text), nil
}

func fetchLabelled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	url, _ := req.RequireString("url")
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	// ok: tool_output_injection
	return mcp.NewToolResultText(fmt.Sprintf("<untrusted_page>\n%s\n</untrusted_page>", body)), nil
}

func echo(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	msg, _ := req.RequireString("message")
	// ok: tool_output_injection
	return mcp.NewToolResultText("you said: " + msg), nil
}

func main() {
	s := server.NewMCPServer("docs", "1.0.0")
	s.AddTool(mcp.NewTool("read_note"), readNote)
	s.AddTool(mcp.NewTool("fetch_page"), fetchPage)
	s.AddTool(mcp.NewTool("fetch_labelled"), fetchLabelled)
	s.AddTool(mcp.NewTool("echo"), echo)
	_ = server.ServeStdio(s)
}
