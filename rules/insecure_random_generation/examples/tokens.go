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
