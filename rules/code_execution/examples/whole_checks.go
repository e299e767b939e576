// A command line joined from a checked tool argument and a field of unknown origin: the argument's
// check leaves the field's data unchecked (a risk of unknown origin), until the whole line is checked.
package deploy

import (
	"context"
	"os/exec"
	"regexp"
	"slices"
)

var target = regexp.MustCompile(`^[a-z0-9-]+$`)

var approved = []string{"/usr/local/bin/deploy --target web", "/usr/local/bin/deploy --target api"}

// langchaingo tools: Name, Description and Call(ctx, input)
type Deployer struct{ bin string }

func (d Deployer) Name() string        { return "deploy" }
func (d Deployer) Description() string { return "Deploys a target" }

func (d Deployer) Call(ctx context.Context, input string) (string, error) {
	if !target.MatchString(input) {
		return "bad target", nil
	}
	line := d.bin + " --target " + input
	if !slices.Contains(approved, line) {
		return "not an approved command", nil
	}
	// ok: code_execution
	out, err := exec.Command("sh", "-c", line).Output()
	return string(out), err
}

type Rollback struct{ bin string }

func (r Rollback) Name() string        { return "rollback" }
func (r Rollback) Description() string { return "Rolls a target back" }

func (r Rollback) Call(ctx context.Context, input string) (string, error) {
	if !target.MatchString(input) {
		return "bad target", nil
	}
	// the target is validated; the program's binary is of unknown origin
	line := r.bin + " --rollback " + input
	// ruleid: code_execution
	out, err := exec.Command("sh", "-c", line).Output()
	return string(out), err
}

type Restart struct{ bin string }

func (r Restart) Name() string        { return "restart" }
func (r Restart) Description() string { return "Restarts a target" }

func (r Restart) Call(ctx context.Context, input string) (string, error) {
	if !target.MatchString(input) {
		return "bad target", nil
	}
	line := r.bin + " --restart " + input
	switch line {
	case "/usr/local/bin/deploy --restart web", "/usr/local/bin/deploy --restart api":
		// ok: code_execution
		out, err := exec.Command("sh", "-c", line).Output()
		return string(out), err
	}
	return "not an approved command", nil
}
