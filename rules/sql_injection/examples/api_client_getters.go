package repotools

import (
	"context"
	"fmt"

	"github.com/google/go-github/v69/github"
	"github.com/jmoiron/sqlx"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type repoArgs struct {
	Owner string `json:"owner"`
	Repo  string `json:"repo"`
}

type RepoTools struct {
	gh *github.Client
	db *sqlx.DB
}

// An API client's getter takes the owner and repository as values, not as SQL text.
func (t *RepoTools) describe(ctx context.Context, _ *mcp.CallToolRequest, in repoArgs) (*mcp.CallToolResult, any, error) {
	// ok: sql_injection
	repo, _, err := t.gh.Repositories.Get(ctx, in.Owner, in.Repo)
	if err != nil {
		return nil, nil, err
	}
	var stars int
	// ruleid: sql_injection
	err = t.db.Get(&stars, fmt.Sprintf("SELECT stars FROM repos WHERE owner = '%s'", in.Owner))
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: repo.GetFullName()}}}, stars, err
}

func (t *RepoTools) Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "describe_repo"}, t.describe)
}
