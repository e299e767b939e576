package kb

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tmc/langchaingo/vectorstores"
)

type query struct {
	Workspace string `json:"workspace"`
	Question  string `json:"question"`
}

type claims struct{ Workspace string }

type service struct{ store vectorstores.VectorStore }

// The namespace names the tenant: taken from the body any caller can name another; taken from the
// verified token it is the caller's own.
func (s *service) search(c echo.Context) error {
	var q query
	if err := c.Bind(&q); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	who := c.Get("claims").(claims)
	// ruleid: cross_tenant_leakage
	theirs, _ := s.store.SimilaritySearch(c.Request().Context(), q.Question, 4, vectorstores.WithNameSpace(q.Workspace))
	// ok: cross_tenant_leakage
	mine, _ := s.store.SimilaritySearch(c.Request().Context(), q.Question, 4, vectorstores.WithNameSpace(who.Workspace))
	return c.JSON(http.StatusOK, append(theirs, mine...))
}
