package main

import (
	"net/http"

	"github.com/a2aproject/a2a-go/v2/a2asrv"
)

func run(exec a2asrv.AgentExecutor, checker a2asrv.CallInterceptor) error {
	handler := a2asrv.NewHandler(exec, a2asrv.WithCallInterceptors(checker))
	srv := &http.Server{
		Addr: ":8443",
		// ok: exposed_agent_surface[a2a_no_auth]
		Handler: a2asrv.NewRESTHandler(handler),
	}
	return srv.ListenAndServe()
}
