package agent

import (
	"github.com/cloudwego/eino/adk"
	"github.com/cloudwego/eino/components/tool"
	"github.com/cloudwego/eino/compose"
)

func Config(shellTool, httpRequestTool, searchTool tool.BaseTool) (*adk.ChatModelAgentConfig, *adk.ChatModelAgentConfig) {
	risky := &adk.ChatModelAgentConfig{
		Name: "operator",
		ToolsConfig: adk.ToolsConfig{
			ToolsNodeConfig: compose.ToolsNodeConfig{
				// ruleid: excessive_permissions
				Tools: []tool.BaseTool{shellTool, httpRequestTool},
			},
		},
	}
	narrow := &adk.ChatModelAgentConfig{
		Name: "researcher",
		ToolsConfig: adk.ToolsConfig{
			ToolsNodeConfig: compose.ToolsNodeConfig{
				// ok: excessive_permissions
				Tools: []tool.BaseTool{searchTool, httpRequestTool},
			},
		},
	}
	return risky, narrow
}
