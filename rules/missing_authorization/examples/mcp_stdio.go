package main

import (
	"log"

	"github.com/mark3labs/mcp-go/server"
)

func main() {
	s := server.NewMCPServer("notes", "1.0.0")
	// ok: missing_authorization
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
