package main

import (
	"net/http"
	"os"

	"github.com/gin-gonic/gin"
	"github.com/tmc/langchaingo/chains"
)

var chain chains.Chain

func callerCheck() gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.GetHeader("Authorization") != "Bearer "+os.Getenv("TOKEN") {
			c.AbortWithStatus(http.StatusUnauthorized)
			return
		}
		c.Next()
	}
}

func run(c *gin.Context) {
	// ok: missing_authorization
	out, _ := chains.Run(c, chain, c.Query("q"))
	c.String(http.StatusOK, out)
}

func grouped(c *gin.Context) {
	// ok: missing_authorization
	out, _ := chains.Run(c, chain, c.Query("q"))
	c.String(http.StatusOK, out)
}

func open(c *gin.Context) {
	// ruleid: missing_authorization[unauthenticated_agent_endpoint]
	out, _ := chains.Run(c, chain, c.Query("q"))
	c.String(http.StatusOK, out)
}

func main() {
	r := gin.Default()
	r.POST("/run", callerCheck(), run)
	api := r.Group("/api", callerCheck())
	api.POST("/grouped", grouped)
	r.POST("/open", open)
	r.Run()
}
