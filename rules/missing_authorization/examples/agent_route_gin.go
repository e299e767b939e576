// A gin API running a langchaingo agent executor for anyone.
package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
)

var executor *agents.Executor

func ask(c *gin.Context) {
	var req struct{ Question string }
	c.BindJSON(&req)
	// ruleid: missing_authorization[unauthenticated_agent_endpoint]
	answer, err := chains.Run(c.Request.Context(), executor, req.Question)
	if err != nil {
		c.JSON(http.StatusInternalServerError, gin.H{"error": err.Error()})
		return
	}
	c.JSON(http.StatusOK, gin.H{"answer": answer})
}

func main() {
	r := gin.Default()
	r.GET("/ping", func(c *gin.Context) { c.String(200, "pong") })
	r.POST("/ask", ask)
	r.Run("127.0.0.1:8080")
}
