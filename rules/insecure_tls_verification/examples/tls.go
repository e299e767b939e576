package agent

import (
	ctls "crypto/tls"
	"crypto/x509"
	"net/http"
)

func InsecureClient() *http.Client {
	cfg := &ctls.Config{
		// ruleid: insecure_tls_verification
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

// A configuration written over several lines is reported at the setting, not at the literal's first line.
func SkipVerifyClient(skipVerify bool) *http.Client {
	if !skipVerify {
		return &http.Client{}
	}
	// ok: insecure_tls_verification
	transport := &http.Transport{
		// ok: insecure_tls_verification
		TLSClientConfig: &ctls.Config{
			// ok: insecure_tls_verification
			MinVersion: ctls.VersionTLS12,
			// ruleid: insecure_tls_verification
			InsecureSkipVerify: true,
		},
	}
	return &http.Client{Transport: transport}
}

func ProxyClient(skipVerify bool) *http.Client {
	// a choice the operator makes (a flag) is not a constant true
	// ok: insecure_tls_verification
	transport := &http.Transport{
		TLSClientConfig: &ctls.Config{
			// ok: insecure_tls_verification
			InsecureSkipVerify: skipVerify,
		},
	}
	return &http.Client{Transport: transport}
}
