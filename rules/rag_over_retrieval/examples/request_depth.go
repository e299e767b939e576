package rag

import (
	"encoding/json"
	"net/http"

	"github.com/tmc/langchaingo/vectorstores"
)

const maxDepth = 12

type askBody struct {
	Question string `json:"question"`
	Depth    int    `json:"depth"`
}

type searcher struct {
	store vectorstores.VectorStore
}

func (s *searcher) open(w http.ResponseWriter, r *http.Request) {
	var body askBody
	_ = json.NewDecoder(r.Body).Decode(&body)
	// ruleid: rag_over_retrieval[from_request]
	docs, _ := s.store.SimilaritySearch(r.Context(), body.Question, body.Depth)
	_ = json.NewEncoder(w).Encode(docs)
}

func (s *searcher) reset(w http.ResponseWriter, r *http.Request) {
	var body askBody
	_ = json.NewDecoder(r.Body).Decode(&body)
	n := body.Depth
	if n <= 0 || n > maxDepth {
		n = 5
	}
	// ok: rag_over_retrieval
	docs, _ := s.store.SimilaritySearch(r.Context(), body.Question, n)
	_ = json.NewEncoder(w).Encode(docs)
}

func (s *searcher) refused(w http.ResponseWriter, r *http.Request) {
	var body askBody
	_ = json.NewDecoder(r.Body).Decode(&body)
	if body.Depth > 20 {
		http.Error(w, "depth too large", http.StatusBadRequest)
		return
	}
	// ok: rag_over_retrieval
	docs, _ := s.store.SimilaritySearch(r.Context(), body.Question, body.Depth)
	_ = json.NewEncoder(w).Encode(docs)
}

func (s *searcher) clamped(w http.ResponseWriter, r *http.Request) {
	var body askBody
	_ = json.NewDecoder(r.Body).Decode(&body)
	// ok: rag_over_retrieval
	docs, _ := s.store.SimilaritySearch(r.Context(), body.Question, min(body.Depth, maxDepth))
	_ = json.NewEncoder(w).Encode(docs)
}

func Routes(mux *http.ServeMux, s *searcher) {
	mux.HandleFunc("/open", s.open)
	mux.HandleFunc("/reset", s.reset)
	mux.HandleFunc("/refused", s.refused)
	mux.HandleFunc("/clamped", s.clamped)
}
