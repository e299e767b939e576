package main

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
)

func search(q string) (*http.Response, error) {
	key := os.Getenv("SEARCH_API_KEY")
	u := fmt.Sprintf("https://search.example.com/v1?q=%s&api_key=%s", url.QueryEscape(q), key)
	// ruleid: insecure_credential_handling[url]
	return http.Get(u)
}

func searchHeader(q string) (*http.Response, error) {
	// ok: insecure_credential_handling
	req, err := http.NewRequest("GET", "https://search.example.com/v1?q="+url.QueryEscape(q), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+os.Getenv("SEARCH_API_KEY"))
	return http.DefaultClient.Do(req)
}

func login() error {
	// ruleid: insecure_credential_handling[argv]
	cmd := exec.Command("docker", "login", "-u", "ci", "-p", os.Getenv("REGISTRY_PASSWORD"))
	return cmd.Run()
}

func loginStdin() error {
	// ok: insecure_credential_handling
	cmd := exec.Command("docker", "login", "-u", "ci", "--password-stdin")
	return cmd.Run()
}
