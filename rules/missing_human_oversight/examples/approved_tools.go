package agent

import (
	"context"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
)

func ApprovedTools() (tool.BaseTool, error) {
	// ok: missing_human_oversight
	return utils.InferTool("delete_file", "Delete a file after approval", func(ctx context.Context, in *PathInput) (string, error) {
		if !approved(ctx) {
			return "", compose.InterruptAndRerun
		}
		return "deleted", os.Remove(in.Path)
	})
}

func approved(ctx context.Context) bool { return ctx.Value("approval") == true }
