// A URL a fixed-host API answers with (GitHub's log and archive download links, on its own storage) is
// the service's, not the tool's argument: the arguments only choose which job or repository. A URL the
// tool's caller gives is still the caller's, however the tool also uses the API client.
package actions

import (
	"context"
	"io"
	"net/http"

	"github.com/google/go-github/v89/github"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type Tools struct{ client *github.Client }

func (t *Tools) jobLogs(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner := req.GetString("owner", "")
	repo := req.GetString("repo", "")
	jobID := int64(req.GetInt("job_id", 0))
	text, err := jobLogText(ctx, t.client, owner, repo, jobID)
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	return mcp.NewToolResultText(text), nil
}

// the helper takes the client as a typed parameter, as github-mcp-server's getJobLogData does
func jobLogText(ctx context.Context, client *github.Client, owner, repo string, jobID int64) (string, error) {
	logURL, resp, err := client.Actions.GetWorkflowJobLogs(ctx, owner, repo, jobID, 1)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return download(logURL.String())
}

func download(u string) (string, error) {
	// ok: ssrf
	resp, err := http.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func (t *Tools) archive(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner := req.GetString("owner", "")
	repo := req.GetString("repo", "")
	link, _, err := t.client.Repositories.GetArchiveLink(ctx, owner, repo, github.Tarball, nil, 3)
	if err != nil {
		return nil, err
	}
	// ok: ssrf
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, link.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func artifact(ctx context.Context, actions *github.ActionsService, owner, repo string, id int64) (*http.Response, error) {
	u, _, err := actions.DownloadArtifact(ctx, owner, repo, id, 2)
	if err != nil {
		return nil, err
	}
	// ok: ssrf
	return http.Get(u.String())
}

func (t *Tools) artifactTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	resp, err := artifact(ctx, t.client.Actions, req.GetString("owner", ""), req.GetString("repo", ""), int64(req.GetInt("id", 0)))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// The caller's URL is fetched beside the API call: that request goes wherever the caller says.
func (t *Tools) attach(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner := req.GetString("owner", "")
	repo := req.GetString("repo", "")
	source := req.GetString("source_url", "")
	if _, _, err := t.client.Repositories.Get(ctx, owner, repo); err != nil {
		return nil, err
	}
	// ruleid: ssrf
	resp, err := http.Get(source)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

// A URL built from the caller's text is still the caller's, whatever the client answered first.
func (t *Tools) mirror(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	owner := req.GetString("owner", "")
	repo, _, err := t.client.Repositories.Get(ctx, owner, req.GetString("repo", ""))
	if err != nil {
		return nil, err
	}
	// ruleid: ssrf
	resp, err := http.Get(req.GetString("mirror", "") + "/" + repo.GetName())
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return mcp.NewToolResultText(resp.Status), nil
}

func Register(s *server.MCPServer, t *Tools) {
	s.AddTool(mcp.NewTool("job_logs"), t.jobLogs)
	s.AddTool(mcp.NewTool("archive"), t.archive)
	s.AddTool(mcp.NewTool("artifact"), t.artifactTool)
	s.AddTool(mcp.NewTool("attach"), t.attach)
	s.AddTool(mcp.NewTool("mirror"), t.mirror)
}
