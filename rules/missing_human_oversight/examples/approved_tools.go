package agent

import (
	"context"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
	"github.com/cloudwego/eino/compose"
)

func ApprovedTools() (tool.BaseTool, error) {
	return utils.InferTool("delete_file", "Delete a file after approval", func(ctx context.Context, in *PathInput) (string, error) {
		if err := compose.Interrupt(ctx, "delete "+in.Path); err != nil {
			return "", err
		}
		// ok: missing_human_oversight
		return "deleted", os.Remove(in.Path)
	})
}
