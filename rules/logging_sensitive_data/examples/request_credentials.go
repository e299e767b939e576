package main

import (
	"log"
	"net/http"
)

// Credentials a request carries are secrets too: they must not reach the log.
func relay(w http.ResponseWriter, r *http.Request) {
	// ruleid: logging_sensitive_data[secret]
	log.Printf("relay %s auth=%s", r.URL.Path, r.Header.Get("Authorization"))
	// ok: logging_sensitive_data
	log.Printf("relay %s agent=%s", r.URL.Path, r.Header.Get("User-Agent"))
	pass := r.FormValue("password")
	// ruleid: logging_sensitive_data[secret]
	log.Println("login with", pass)
	// ok: logging_sensitive_data
	log.Println("login for", r.FormValue("username"), "max_tokens", r.FormValue("max_tokens"))
	w.WriteHeader(http.StatusNoContent)
}
