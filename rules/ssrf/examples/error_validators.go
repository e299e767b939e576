// Validators of the file that return only an error guard the URL their caller goes on with when the
// error is nil, if every nil they return follows a check of the host (an allow-list, a fixed prefix).
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
)

var allowedHosts = map[string]bool{"status.example.com": true, "api.example.com": true}

type Fetcher struct{ client *http.Client }

func validateURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if _, ok := allowedHosts[u.Hostname()]; !ok {
		return fmt.Errorf("host %q not allowed", u.Hostname())
	}
	return nil
}

func (f *Fetcher) checkTarget(raw string) error {
	if !strings.HasPrefix(raw, "https://api.example.com/") {
		return errors.New("not the API")
	}
	return nil
}

// only the scheme is checked: any host passes
func validateScheme(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return err
	}
	if u.Scheme != "https" {
		return errors.New("https only")
	}
	return nil
}

func fetchDirect(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := req.GetString("url", "")
	if err := validateURL(target); err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	// ok: ssrf
	resp, err := http.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func (f *Fetcher) fetchMethod(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := req.GetString("url", "")
	err := f.checkTarget(target)
	if err != nil {
		return nil, err
	}
	// ok: ssrf
	resp, err := http.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

func fetchScheme(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := req.GetString("url", "")
	if validateScheme(target) != nil {
		return nil, errors.New("bad url")
	}
	// ruleid: ssrf
	resp, err := http.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}

// validateRemote is declared in another file of the package: its body cannot be seen
func fetchElsewhere(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	target := req.GetString("url", "")
	if err := validateRemote(target); err != nil {
		return nil, err
	}
	// ruleid: ssrf
	resp, err := http.Get(target)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return mcp.NewToolResultText(string(body)), nil
}
