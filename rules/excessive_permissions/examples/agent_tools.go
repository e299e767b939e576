package agent

import (
	"context"
	"io"
	"net/http"
	"os/exec"

	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/components/model"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
)

type CommandInput struct {
	Command string `json:"command"`
}

type URLInput struct {
	URL string `json:"url"`
}

func runShell(ctx context.Context, in *CommandInput) (string, error) {
	// ruleid: excessive_permissions
	out, err := exec.CommandContext(ctx, "sh", "-c", in.Command).CombinedOutput()
	return string(out), err
}

func fetchPage(ctx context.Context, in *URLInput) (string, error) {
	resp, err := http.Get(in.URL)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func search(ctx context.Context, in *URLInput) (string, error) {
	return "results for " + in.URL, nil
}

func Agents(ctx context.Context, cm model.ToolCallingChatModel) (adk.Agent, adk.Agent, error) {
	shellTool, err := utils.InferTool("shell", "Run a shell command", runShell)
	if err != nil {
		return nil, nil, err
	}
	httpRequestTool, err := utils.InferTool("http_request", "Fetch a URL", fetchPage)
	if err != nil {
		return nil, nil, err
	}
	searchTool, err := utils.InferTool("search", "Search the web", search)
	if err != nil {
		return nil, nil, err
	}
	// ruleid: excessive_permissions
	risky, err := adk.NewChatModelAgent(ctx, &adk.ChatModelAgentConfig{
		Name:  "operator",
		Model: cm,
		ToolsConfig: adk.ToolsConfig{
			ToolsNodeConfig: compose.ToolsNodeConfig{
				Tools: []tool.BaseTool{shellTool, httpRequestTool},
			},
		},
	})
	if err != nil {
		return nil, nil, err
	}
	researcherTools := []tool.BaseTool{searchTool, httpRequestTool}
	// ok: excessive_permissions
	narrow, err := adk.NewChatModelAgent(ctx, &adk.ChatModelAgentConfig{
		Name:  "researcher",
		Model: cm,
		ToolsConfig: adk.ToolsConfig{
			ToolsNodeConfig: compose.ToolsNodeConfig{Tools: researcherTools},
		},
	})
	return risky, narrow, err
}
