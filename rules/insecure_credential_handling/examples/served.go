package main

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func routes() {
	// ruleid: insecure_credential_handling[served_root]
	http.Handle("/", http.FileServer(http.Dir(".")))

	// ok: insecure_credential_handling
	http.Handle("/static/", http.StripPrefix("/static/", http.FileServer(http.Dir("./static"))))

	r := gin.Default()
	// ruleid: insecure_credential_handling[served_root]
	r.Static("/files", "./")
	// ok: insecure_credential_handling
	r.Static("/assets", "./web/dist/assets")
	_ = r.Run("127.0.0.1:8080")
}
