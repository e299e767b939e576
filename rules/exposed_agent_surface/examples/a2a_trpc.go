package agent

import (
	"os"

	"trpc.group/trpc-go/trpc-a2a-go/server"
	"trpc.group/trpc-go/trpc-a2a-go/taskmanager"
)

func Serve(card server.AgentCard, processor taskmanager.MessageProcessor) error {
	tm, err := taskmanager.NewMemoryTaskManager(processor)
	if err != nil {
		return err
	}
	// ruleid: exposed_agent_surface[a2a_no_auth]
	srv, err := server.NewA2AServer(card, tm)
	if err != nil {
		return err
	}
	return srv.Start(os.Getenv("LISTEN_ADDR"))
}
