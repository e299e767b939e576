package agent

import (
	"context"
	"os"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
)

type PathInput struct {
	Path string `json:"path"`
}

func Tools() ([]tool.BaseTool, error) {
	del, err := utils.InferTool("delete_file", "Delete a file", func(ctx context.Context, in *PathInput) (string, error) {
		// ruleid: missing_audit_logging
		return "deleted", os.Remove(in.Path)
	})
	if err != nil {
		return nil, err
	}
	read, err := utils.InferTool("read_file", "Read a file", func(ctx context.Context, in *PathInput) (string, error) {
		// ok: missing_audit_logging
		b, err := os.ReadFile(in.Path)
		return string(b), err
	})
	return []tool.BaseTool{del, read}, err
}
