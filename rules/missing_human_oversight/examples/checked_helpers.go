package cluster

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
)

var (
	readable  = map[string]bool{"pods": true, "deployments": true, "events": true}
	namespace = regexp.MustCompile(`^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$`)
)

type Query struct {
	Resource  string `json:"resource"`
	Namespace string `json:"namespace"`
	Verb      string `json:"verb"`
}

// the helper checks the fields of what the tool passes it before kubectl runs
func get(ctx context.Context, q Query) (string, error) {
	if !readable[q.Resource] || !namespace.MatchString(q.Namespace) {
		return "", fmt.Errorf("not permitted")
	}
	out, err := exec.CommandContext(ctx, "kubectl", "get", q.Resource, "-n", q.Namespace).CombinedOutput()
	return string(out), err
}

func run(ctx context.Context, q Query) (string, error) {
	out, err := exec.CommandContext(ctx, "kubectl", q.Verb, q.Resource, "-n", q.Namespace).CombinedOutput()
	return string(out), err
}

func Register(g *genkit.Genkit) {
	// ok: missing_human_oversight
	genkit.DefineTool(g, "kubectl_get", "List cluster resources", func(tc *ai.ToolContext, q Query) (string, error) { return get(tc.Context, q) })
	// ruleid: missing_human_oversight
	genkit.DefineTool(g, "kubectl", "Run kubectl", func(tc *ai.ToolContext, q Query) (string, error) { return run(tc.Context, q) })
}
