package agent

import (
	"context"
	"slices"

	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/components/tool/utils"
)

type UserInput struct {
	UserID string `json:"user_id"`
}

type Store interface {
	Delete(string) error
	Get(string) (string, error)
}

func Tools(store Store, allowed []string) ([]tool.BaseTool, error) {
	del, err := utils.InferTool("delete_user", "Delete a user account", func(ctx context.Context, in *UserInput) (string, error) {
		// ruleid: missing_authorization
		return "deleted", store.Delete(in.UserID)
	})
	if err != nil {
		return nil, err
	}
	own, err := utils.InferTool("delete_team_member", "Remove a member of the caller's team", func(ctx context.Context, in *UserInput) (string, error) {
		id := in.UserID
		if !slices.Contains(allowed, id) {
			return "not in your team", nil
		}
		// ok: missing_authorization
		return "removed", store.Delete(id)
	})
	if err != nil {
		return nil, err
	}
	get, err := utils.InferTool("get_user", "Read a public profile", func(ctx context.Context, in *UserInput) (string, error) {
		// ok: missing_authorization
		return store.Get(in.UserID)
	})
	return []tool.BaseTool{del, own, get}, err
}
