package main

import (
	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

func serveGin(r *gin.Engine) error {
	// ruleid: exposed_agent_surface[all_interfaces]
	return r.Run("0.0.0.0:8080")
}

func serveGinLocal() error {
	r := gin.Default()
	// ok: exposed_agent_surface
	return r.Run("127.0.0.1:8080")
}

func serveEcho() {
	e := echo.New()
	// ruleid: exposed_agent_surface[all_interfaces]
	e.Logger.Fatal(e.Start("0.0.0.0:1323"))
}

func serveFiber() error {
	app := fiber.New()
	// ok: exposed_agent_surface
	return app.Listen("localhost:3000")
}

func serveFiberAll() error {
	app := fiber.New()
	// ruleid: exposed_agent_surface[all_interfaces]
	return app.Listen("0.0.0.0:3000")
}
