package agenttools

import (
	"context"
	"os/exec"
	"strings"
)

// Shell is a langchaingo tools.Tool, so the agent runs whatever command the model writes.
type Shell struct {
	Dir string
}

func (Shell) Name() string { return "shell" }

func (Shell) Description() string { return "Runs a shell command in the workspace" }

func (s Shell) Call(ctx context.Context, input string) (string, error) {
	cmd := strings.TrimSpace(input)
	// ruleid: code_execution
	c := exec.CommandContext(ctx, "bash", "-c", cmd)
	c.Dir = s.Dir
	out, err := c.CombinedOutput()
	return string(out), err
}

// Uptime is a tool too, but runs a fixed command whatever the model writes.
type Uptime struct{}

func (Uptime) Name() string        { return "uptime" }
func (Uptime) Description() string { return "Reports the host's uptime" }

func (Uptime) Call(ctx context.Context, _ string) (string, error) {
	// ok: code_execution
	out, err := exec.CommandContext(ctx, "sh", "-c", "uptime").Output()
	return string(out), err
}
