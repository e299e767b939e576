package agent

import (
	"context"
	"log/slog"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
)

func LoggedTools() (tool.BaseTool, error) {
	return utils.InferTool("delete_file", "Delete a file", func(ctx context.Context, in *PathInput) (string, error) {
		slog.InfoContext(ctx, "tool call", "tool", "delete_file", "path", in.Path)
		// ok: missing_audit_logging
		return "deleted", os.Remove(in.Path)
	})
}
