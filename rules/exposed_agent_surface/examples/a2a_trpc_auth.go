package agent

import (
	"trpc.group/trpc-go/trpc-a2a-go/auth"
	"trpc.group/trpc-go/trpc-a2a-go/server"
	"trpc.group/trpc-go/trpc-a2a-go/taskmanager"
)

func ServeWithKeys(card server.AgentCard, tm taskmanager.TaskManager, keys map[string]string) error {
	provider := auth.NewAPIKeyAuthProvider(keys, "X-API-Key")
	// ok: exposed_agent_surface[a2a_no_auth]
	srv, err := server.NewA2AServer(card, tm, server.WithAuthProvider(provider))
	if err != nil {
		return err
	}
	return srv.Start(":8080")
}
