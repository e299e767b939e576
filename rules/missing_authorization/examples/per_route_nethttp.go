package main

import (
	"net/http"

	"github.com/tmc/langchaingo/chains"
)

var chain chains.Chain

func withKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("X-API-Key") == "" {
			http.Error(w, "unauthorized", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

func guarded(w http.ResponseWriter, r *http.Request) {
	// ok: missing_authorization
	out, _ := chains.Run(r.Context(), chain, r.URL.Query().Get("q"))
	w.Write([]byte(out))
}

func exposed(w http.ResponseWriter, r *http.Request) {
	// ruleid: missing_authorization[unauthenticated_agent_endpoint]
	out, _ := chains.Run(r.Context(), chain, r.URL.Query().Get("q"))
	w.Write([]byte(out))
}

func main() {
	mux := http.NewServeMux()
	mux.Handle("/guarded", withKey(http.HandlerFunc(guarded)))
	mux.HandleFunc("/exposed", exposed)
	http.ListenAndServe(":8080", mux)
}
