package main

import (
	"log"
	"strings"

	"github.com/gofiber/fiber/v2"
)

func main() {
	app := fiber.New()

	// fiber takes the location first
	app.Post("/login", func(c *fiber.Ctx) error {
		// ruleid: unvalidated_redirect
		return c.Redirect(c.Query("return_to", "/chat"))
	})

	app.Post("/login/local", func(c *fiber.Ctx) error {
		next := c.Query("return_to", "/chat")
		if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
			return fiber.ErrBadRequest
		}
		// ok: unvalidated_redirect
		return c.Redirect(next, fiber.StatusSeeOther)
	})

	log.Fatal(app.Listen(":3000"))
}
