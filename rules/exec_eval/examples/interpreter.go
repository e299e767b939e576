package agent

import (
	"github.com/dop251/goja"
)

func RunTool(code string) (goja.Value, error) {
	vm := goja.New()
	// ruleid: exec_eval
	return vm.RunString(code)
}

func Constant() (goja.Value, error) {
	vm := goja.New()
	// ok: exec_eval
	return vm.RunString("1 + 1")
}
