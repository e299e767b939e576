package main

import (
	"log"
	"net"
	"net/http"

	"github.com/a2aproject/a2a-go/a2asrv"
)

// startLocalAgent serves a helper agent to the orchestrator on a loopback port only.
func startLocalAgent(exec a2asrv.AgentExecutor) string {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	mux := http.NewServeMux()
	// ok: exposed_agent_surface[a2a_no_auth]
	mux.Handle("/invoke", a2asrv.NewJSONRPCHandler(a2asrv.NewHandler(exec)))
	go func() { _ = http.Serve(listener, mux) }()
	return "http://" + listener.Addr().String()
}
