// The same gin API with an auth middleware from the project's package on the group.
package main

import (
	"net/http"

	"example.com/svc/middleware"
	"github.com/gin-gonic/gin"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
)

var executor *agents.Executor

func ask(c *gin.Context) {
	var req struct{ Question string }
	c.BindJSON(&req)
	// ok: missing_authorization
	answer, _ := chains.Run(c.Request.Context(), executor, req.Question)
	c.JSON(http.StatusOK, gin.H{"answer": answer})
}

func main() {
	r := gin.Default()
	api := r.Group("/api")
	api.Use(middleware.RequireAuth())
	api.POST("/ask", ask)
	r.Run("127.0.0.1:8080")
}
