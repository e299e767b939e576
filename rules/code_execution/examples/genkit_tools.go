package main

import (
	"context"
	"os/exec"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
)

type CommandInput struct {
	Command string `json:"command"`
}

type FileInput struct {
	Path string `json:"path"`
}

func main() {
	g := genkit.Init(context.Background())
	// Genkit calls the tool's function with the model's input
	genkit.DefineTool(g, "run", "Run a shell command", func(ctx *ai.ToolContext, in CommandInput) (string, error) {
		// ruleid: code_execution
		out, err := exec.Command("sh", "-c", in.Command).Output()
		return string(out), err
	})
	genkit.DefineTool(g, "line_count", "Count the lines of a file", func(ctx *ai.ToolContext, in FileInput) (string, error) {
		// ok: code_execution
		out, err := exec.Command("wc", "-l", "--", in.Path).Output()
		return string(out), err
	})
}
