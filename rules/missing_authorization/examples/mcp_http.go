package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("notes", "1.0.0")
	// ruleid: missing_authorization
	httpServer := server.NewStreamableHTTPServer(s)
	log.Fatal(httpServer.Start(":8080"))
}
