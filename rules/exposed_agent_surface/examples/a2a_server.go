package main

import (
	"log"
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2a"
	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

func main() {
	card := &a2a.AgentCard{Name: "inventory", Description: "Answers stock questions", Version: "1.0.0"}
	handler := a2asrv.NewHandler(&inventoryExecutor{})
	mux := http.NewServeMux()
	mux.Handle("/.well-known/agent-card.json", a2asrv.NewStaticAgentCardHandler(card))
	// ruleid: exposed_agent_surface[a2a_no_auth]
	mux.Handle("/invoke", a2asrv.NewJSONRPCHandler(handler))
	log.Fatal(http.ListenAndServe(":9000", mux))
}
