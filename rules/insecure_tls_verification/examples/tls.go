package agent

import (
	ctls "crypto/tls"
	"crypto/x509"
	"net/http"
)

func InsecureClient() *http.Client {
	// ruleid: insecure_tls_verification
	cfg := &ctls.Config{
		InsecureSkipVerify: true,
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func StrictClient(pool *x509.CertPool) *http.Client {
	// ok: insecure_tls_verification
	cfg := &ctls.Config{
		// ok: insecure_tls_verification
		RootCAs: pool,
		// ok: insecure_tls_verification
		InsecureSkipVerify: false,
	}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg}}
}

func MCPTransport(skip bool) *http.Transport {
	// ruleid: insecure_tls_verification
	return &http.Transport{TLSClientConfig: &ctls.Config{InsecureSkipVerify: true, MinVersion: ctls.VersionTLS12}}
}

func Dialer(debug bool) *ctls.Config {
	cfg := new(ctls.Config)
	if debug {
		// ruleid: insecure_tls_verification
		cfg.InsecureSkipVerify = true
	}
	// ok: insecure_tls_verification
	cfg.InsecureSkipVerify = false
	return cfg
}
