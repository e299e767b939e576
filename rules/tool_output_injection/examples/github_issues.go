// What an API client returns is the service's answer, not the tool's arguments; what outsiders write
// there (an issue's body and comments) is still content an outsider controls.
package triage

import (
	"context"
	"fmt"

	"github.com/google/go-github/v89/github"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Triage struct{ gh *github.Client }

func (t *Triage) issue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	n := req.GetInt("number", 0)
	issue, _, err := t.gh.Issues.Get(ctx, req.GetString("owner", ""), req.GetString("repo", ""), n)
	if err != nil {
		return nil, err
	}
	// ruleid: tool_output_injection
	return mcp.NewToolResultText(fmt.Sprintf("#%d %s\n\n%s", n, issue.GetTitle(), issue.GetBody())), nil
}

func (t *Triage) issueLabelled(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	issue, _, err := t.gh.Issues.Get(ctx, req.GetString("owner", ""), req.GetString("repo", ""), req.GetInt("number", 0))
	if err != nil {
		return nil, err
	}
	// ok: tool_output_injection
	return mcp.NewToolResultText("<untrusted_issue>\n" + issue.GetBody() + "\n</untrusted_issue>"), nil
}

func (t *Triage) stars(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	repo, _, err := t.gh.Repositories.Get(ctx, req.GetString("owner", ""), req.GetString("repo", ""))
	if err != nil {
		return nil, err
	}
	// ok: tool_output_injection
	return mcp.NewToolResultText(fmt.Sprintf("%d stars", repo.GetStargazersCount())), nil
}

func Register(s *server.MCPServer, t *Triage) {
	s.AddTool(mcp.NewTool("issue"), t.issue)
	s.AddTool(mcp.NewTool("issue_labelled"), t.issueLabelled)
	s.AddTool(mcp.NewTool("stars"), t.stars)
}
