package main

import (
	"os/exec"

	mcpclient "github.com/mark3labs/mcp-go/client"
)

func Servers() error {
	// ruleid: supply_chain_untrusted_model
	fs, err := mcpclient.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem", "/tmp")
	if err != nil {
		return err
	}
	defer fs.Close()
	// ok: supply_chain_untrusted_model
	pinned, err := mcpclient.NewStdioMCPClient("npx", nil, "-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "/tmp")
	if err != nil {
		return err
	}
	defer pinned.Close()
	return nil
}

func Fetch() error {
	// ruleid: supply_chain_untrusted_model
	cmd := exec.Command("uvx", "mcp-server-fetch")
	// ok: supply_chain_untrusted_model
	pinned := exec.Command("uvx", "mcp-server-fetch==2025.4.7")
	// ok: supply_chain_untrusted_model
	local := exec.Command("npx", "--no-install", "server")
	_, _ = pinned, local
	return cmd.Run()
}

func Memory() error {
	// ruleid: supply_chain_untrusted_model
	mem, err := mcpclient.NewStdioMCPClient("npx", []string{"HOME=/tmp"}, "@modelcontextprotocol/server-memory")
	if err != nil {
		return err
	}
	return mem.Close()
}
