package auth

import (
	"fmt"
	"math/rand"
)

const letters = "abcdefghijklmnopqrstuvwxyz0123456789"

func NewAPIKey() string {
	b := make([]byte, 32)
	for i := range b {
		// ruleid: insecure_random_generation
		b[i] = letters[rand.Intn(len(letters))]
	}
	return "ak_" + string(b)
}

func Backoff(attempt int) int {
	// ok: insecure_random_generation
	return attempt*100 + rand.Intn(50)
}

func Describe() string {
	return fmt.Sprintf("jitter=%d", Backoff(1))
}

func randomString(n int) string {
	b := make([]byte, n)
	for i := range b {
		// ruleid: insecure_random_generation
		b[i] = letters[rand.Intn(len(letters))]
	}
	return string(b)
}

type Session struct {
	Token string
	Nonce string
}

func NewSession() Session {
	// ruleid: insecure_random_generation
	return Session{Token: randomString(16), Nonce: fmt.Sprint(rand.Int63())}
}

func Shuffle(items []string) {
	// ok: insecure_random_generation
	rand.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
}
