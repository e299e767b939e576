package downloads

import (
	"os"
	"path/filepath"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

const reportsDir = "/var/lib/agent/reports"

// Web frameworks answer with a file's content given its path.
func ginReport(c *gin.Context) {
	// ruleid: path_traversal
	c.File(filepath.Join(reportsDir, c.Query("name")))
}

func ginReportBase(c *gin.Context) {
	// ok: path_traversal
	c.FileAttachment(filepath.Join(reportsDir, filepath.Base(c.Query("name"))), "report.pdf")
}

func echoReport(c echo.Context) error {
	// ruleid: path_traversal
	return c.Attachment(reportsDir+"/"+c.Param("file"), "report.pdf")
}

func fiberReport(c *fiber.Ctx) error {
	// ruleid: path_traversal
	return c.SendFile(filepath.Join(reportsDir, c.Params("file")))
}

func archive(c *gin.Context) {
	// ruleid: path_traversal
	_ = os.Rename(filepath.Join(reportsDir, "latest.pdf"), c.PostForm("archive_to"))
}

func Routes(r *gin.Engine, e *echo.Echo, app *fiber.App) {
	r.GET("/report", ginReport)
	r.GET("/report/download", ginReportBase)
	r.POST("/report/archive", archive)
	e.GET("/report/:file", echoReport)
	app.Get("/report/:file", fiberReport)
}
