package agentloop

import (
	"context"
	"encoding/json"
	"os/exec"

	"github.com/anthropics/anthropic-sdk-go"
	"github.com/cloudwego/eino/schema"
	openai "github.com/sashabaranov/go-openai"
)

// Dispatchers handed the model's tool call: its arguments are what the model wrote.
func runShellCall(ctx context.Context, call openai.ToolCall) (string, error) {
	var args map[string]any
	if err := json.Unmarshal([]byte(call.Function.Arguments), &args); err != nil {
		return "", err
	}
	script, _ := args["script"].(string)
	// ruleid: code_execution
	out, err := exec.CommandContext(ctx, "bash", "-c", script).CombinedOutput()
	return string(out), err
}

func runEinoCall(ctx context.Context, tc *schema.ToolCall) ([]byte, error) {
	var in struct {
		Binary string `json:"binary"`
	}
	_ = json.Unmarshal([]byte(tc.Function.Arguments), &in)
	// ruleid: code_execution
	return exec.CommandContext(ctx, in.Binary).Output()
}

func runClaudeCall(ctx context.Context, block anthropic.ToolUseBlock) ([]byte, error) {
	var in struct {
		Branch string `json:"branch"`
	}
	_ = json.Unmarshal(block.Input, &in)
	// ok: code_execution
	return exec.CommandContext(ctx, "git", "log", "--oneline", "-n", "5").Output()
}
