package runtimeinfo

import (
	"context"
	"os"
	"os/exec"
	"strings"
)

// A langchaingo tool (Name, Description, Call): what Call returns goes to the model.
type EnvDump struct{}

func (EnvDump) Name() string        { return "environment" }
func (EnvDump) Description() string { return "Lists the process environment" }

func (EnvDump) Call(ctx context.Context, _ string) (string, error) {
	// ruleid: secrets_to_model[whole_environment]
	return strings.Join(os.Environ(), "\n"), nil
}

// An eino tool: InvokableRun's result goes to the model.
type Tester struct{}

func (Tester) Info(ctx context.Context) (any, error) { return nil, nil }

func (Tester) InvokableRun(ctx context.Context, argumentsInJSON string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "test", "./...")
	// ok: secrets_to_model
	cmd.Env = os.Environ()
	out, err := cmd.CombinedOutput()
	return string(out), err
}
