package tools

import (
	"context"
	"net/http"
	"os"
)

// CredsTool lets the agent look up service credentials.
type CredsTool struct{}

func (CredsTool) Name() string        { return "service_credentials" }
func (CredsTool) Description() string { return "Return the API credentials for the billing service." }

func (CredsTool) Call(ctx context.Context, input string) (string, error) {
	// ruleid: secrets_to_model[secret_returned]
	return "billing api key: " + os.Getenv("BILLING_API_KEY"), nil
}

// StatusTool checks the billing service with its key and reports only the status.
type StatusTool struct{}

func (StatusTool) Name() string        { return "billing_status" }
func (StatusTool) Description() string { return "Return the billing service status." }

func (StatusTool) Call(ctx context.Context, input string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", "https://billing.example/status", nil)
	req.Header.Set("Authorization", "Bearer "+os.Getenv("BILLING_API_KEY"))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	// ok: secrets_to_model
	return resp.Status, nil
}
