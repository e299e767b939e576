package agent

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/cloudwego/eino/adk"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/llms"
)

func Solve(ctx context.Context, llm llms.Model, task string) (string, error) {
	prompt := task
	for {
		// ruleid: infinite_loop
		answer, err := llms.GenerateFromSinglePrompt(ctx, llm, prompt)
		if err != nil {
			return "", err
		}
		if strings.Contains(answer, "FINAL") {
			return answer, nil
		}
		prompt = answer
	}
}

func SolveBounded(ctx context.Context, llm llms.Model, task string) (string, error) {
	prompt := task
	// ok: infinite_loop
	for step := 0; step < 10; step++ {
		answer, err := llms.GenerateFromSinglePrompt(ctx, llm, prompt)
		if err != nil || strings.Contains(answer, "FINAL") {
			return answer, err
		}
		prompt = answer
	}
	return "", fmt.Errorf("step budget exhausted")
}

func SolveWithDeadline(parent context.Context, llm llms.Model, task string) (string, error) {
	ctx, cancel := context.WithTimeout(parent, 2*time.Minute)
	defer cancel()
	prompt := task
	// ok: infinite_loop
	for {
		answer, err := llms.GenerateFromSinglePrompt(ctx, llm, prompt)
		if err != nil || strings.Contains(answer, "FINAL") {
			return answer, err
		}
		prompt = answer
	}
}

// A loop with only a condition that the body decides by assigning the model's latest answer is as
// endless as `for {}`; a counted one, or a condition the body counts down, is bounded.
func UntilNoToolCalls(ctx context.Context, llm llms.Model, msgs []llms.MessageContent) (*llms.ContentResponse, error) {
	resp, err := llm.GenerateContent(ctx, msgs)
	if err != nil {
		return nil, err
	}
	choice := resp.Choices[0]
	for len(choice.ToolCalls) > 0 {
		msgs = append(msgs, llms.TextParts(llms.ChatMessageTypeTool, "done"))
		// ruleid: infinite_loop
		resp, err = llm.GenerateContent(ctx, msgs)
		if err != nil {
			return nil, err
		}
		choice = resp.Choices[0]
	}
	return resp, nil
}

func UntilNoToolCallsCounted(ctx context.Context, llm llms.Model, msgs []llms.MessageContent) (*llms.ContentResponse, error) {
	resp, err := llm.GenerateContent(ctx, msgs)
	if err != nil {
		return nil, err
	}
	choice := resp.Choices[0]
	rounds := 0
	for len(choice.ToolCalls) > 0 {
		rounds++
		if rounds > 8 {
			return nil, fmt.Errorf("too many tool rounds")
		}
		// ok: infinite_loop
		resp, err = llm.GenerateContent(ctx, msgs)
		if err != nil {
			return nil, err
		}
		choice = resp.Choices[0]
	}
	return resp, nil
}

func DrainQueue(ctx context.Context, llm llms.Model, queue []string) {
	for len(queue) > 0 {
		// ok: infinite_loop
		_, _ = llms.GenerateFromSinglePrompt(ctx, llm, queue[0])
		queue = queue[1:]
	}
}

func PerRow(ctx context.Context, llm llms.Model, next func() bool, row func() string) {
	for next() {
		// ok: infinite_loop
		_, _ = llms.GenerateFromSinglePrompt(ctx, llm, row())
	}
}

func Chat(ctx context.Context, llm llms.Model) {
	reader := bufio.NewReader(os.Stdin)
	// ok: infinite_loop
	for {
		line, _ := reader.ReadString('\n')
		if strings.TrimSpace(line) == "quit" {
			return
		}
		answer, _ := llms.GenerateFromSinglePrompt(ctx, llm, line)
		fmt.Println(answer)
	}
}

func Loops(ctx context.Context, writer, critic adk.Agent) (adk.Agent, adk.Agent, error) {
	// ruleid: infinite_loop
	endless, err := adk.NewLoopAgent(ctx, &adk.LoopAgentConfig{
		Name:      "refine",
		SubAgents: []adk.Agent{writer, critic},
	})
	if err != nil {
		return nil, nil, err
	}
	// ok: infinite_loop
	bounded, err := adk.NewLoopAgent(ctx, &adk.LoopAgentConfig{
		Name:          "refine-bounded",
		SubAgents:     []adk.Agent{writer, critic},
		MaxIterations: 5,
	})
	return endless, bounded, err
}

func Executors(agent agents.Agent) (*agents.Executor, *agents.Executor, *agents.Executor) {
	// ruleid: infinite_loop
	huge := agents.NewExecutor(agent, agents.WithMaxIterations(1000000))
	// ruleid: infinite_loop
	high := agents.NewExecutor(agent, agents.WithMaxIterations(50))
	// ok: infinite_loop
	sane := agents.NewExecutor(agent, agents.WithMaxIterations(8))
	return huge, high, sane
}

func ChatModelAgent(ctx context.Context, cfg *adk.ChatModelAgentConfig) {
	cfg.Name = "assistant"
	other := adk.ChatModelAgentConfig{
		Name:          "planner",
		// ruleid: infinite_loop
		MaxIterations: 100,
	}
	// ok: infinite_loop
	small := adk.ChatModelAgentConfig{
		Name:          "helper",
		MaxIterations: 10,
	}
	_, _ = other, small
}
