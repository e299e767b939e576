# A command-line script: no route, nothing served.
from agents import Agent, Runner

agent = Agent(name="cli", instructions="Answer briefly.")


def main() -> None:
    question = input("> ")
    # ok: missing_authorization
    result = Runner.run_sync(agent, question)
    print(result.final_output)


if __name__ == "__main__":
    main()
