import type { APIGatewayProxyEvent, APIGatewayProxyResult } from "aws-lambda"
import { exec, execFile } from "node:child_process"

// a Lambda behind API Gateway: the event is the HTTP request
export const handler = async (event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> => {
  const dir = event.queryStringParameters?.dir ?? "."
  // ruleid: code_execution[shell]
  exec(`ls -la ${dir}`)
  // ok: code_execution
  execFile("ls", ["-la", dir])
  return { statusCode: 200, body: "ok" }
}
