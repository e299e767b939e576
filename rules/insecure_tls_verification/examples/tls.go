package agent

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
)

func InsecureClient() *http.Client {
	cfg := &tls.Config{
		// ruleid: insecure_tls_verification
		InsecureSkipVerify: true,
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func StrictClient(pool *x509.CertPool) *http.Client {
	cfg := &tls.Config{
		// ok: insecure_tls_verification
		RootCAs: pool,
		// ok: insecure_tls_verification
		InsecureSkipVerify: false,
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}
