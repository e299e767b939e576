package main

import (
	"crypto/hmac"
	"crypto/subtle"
	"net/http"
	"os"
	"strings"
)

type server struct {
	mode string
	cfg  config
}

type config struct {
	APIKey string
}

func (s *server) ingest(w http.ResponseWriter, r *http.Request) {
	// ruleid: insecure_credential_handling[timing]
	if key := r.Header.Get("X-API-Key"); key != s.cfg.APIKey {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
}

func (s *server) deploy(w http.ResponseWriter, r *http.Request) {
	// ruleid: insecure_credential_handling[timing]
	if r.Header.Get("Authorization") != "Bearer "+os.Getenv("DEPLOY_TOKEN") {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func checkKey(presented string) bool {
	want := os.Getenv("PARTNER_API_KEY")
	// ruleid: insecure_credential_handling[timing]
	return want != "" && presented == want
}

func reports(w http.ResponseWriter, r *http.Request) {
	if !checkKey(r.URL.Query().Get("key")) {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
}

func safeDeploy(w http.ResponseWriter, r *http.Request) {
	presented := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	want := os.Getenv("DEPLOY_TOKEN")
	// ok: insecure_credential_handling
	if subtle.ConstantTimeCompare([]byte(presented), []byte(want)) != 1 {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
}

func safeHook(w http.ResponseWriter, r *http.Request) {
	sig := []byte(r.Header.Get("X-Signature"))
	// ok: insecure_credential_handling
	if !hmac.Equal(sig, []byte(os.Getenv("WEBHOOK_SECRET"))) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
	}
}

func (s *server) status(w http.ResponseWriter, r *http.Request) {
	// ok: insecure_credential_handling
	if r.Header.Get("X-Role") == "admin" && os.Getenv("MODE") == "prod" {
		w.Write([]byte(s.mode))
	}
	// ok: insecure_credential_handling
	if os.Getenv("DEPLOY_TOKEN") == "" {
		http.Error(w, "not configured", http.StatusInternalServerError)
	}
}

func main() {
	s := &server{}
	http.HandleFunc("/deploy", s.deploy)
	http.HandleFunc("/ingest", s.ingest)
	http.HandleFunc("/reports", reports)
	http.HandleFunc("/safe", safeDeploy)
	http.HandleFunc("/hook", safeHook)
	http.HandleFunc("/status", s.status)
}
