package agent

import (
	"context"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
)

type UserInput struct {
	UserID string `json:"user_id"`
}

func Tools(store interface{ Delete(string) error }) ([]tool.BaseTool, error) {
	// ruleid: missing_authorization
	del, err := utils.InferTool("delete_user", "Delete a user account", func(ctx context.Context, in *UserInput) (string, error) {
		return "deleted", store.Delete(in.UserID)
	})
	if err != nil {
		return nil, err
	}
	// ok: missing_authorization
	get, err := utils.InferTool("get_user", "Read a public profile", func(ctx context.Context, in *UserInput) (string, error) {
		return in.UserID, nil
	})
	return []tool.BaseTool{del, get}, err
}
