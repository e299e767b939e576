package main

import (
	"github.com/mark3labs/mcp-go/client"
)

func Servers() error {
	// ruleid: supply_chain_untrusted_model
	fs, err := client.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem", "/tmp")
	if err != nil {
		return err
	}
	defer fs.Close()
	// ok: supply_chain_untrusted_model
	pinned, err := client.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/tmp")
	if err != nil {
		return err
	}
	defer pinned.Close()
	return nil
}
