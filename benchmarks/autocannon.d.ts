// The part of autocannon 9's API the harness uses (the package ships no types).
declare module "autocannon" {
  interface Options {
    url: string
    method?: string
    connections?: number
    duration?: number
    amount?: number
    timeout?: number
    headers?: Record<string, string>
    body?: string
  }
  interface Histogram {
    p50: number
    p97_5: number
    p99: number
    average: number
    max: number
  }
  interface Result {
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    latency: Histogram
    requests: Histogram & { total: number }
  }
  interface Instance {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): Instance
    stop(): void
  }
  function autocannon(options: Options, callback: (error: Error | null | undefined, result: Result) => void): Instance
  export default autocannon
}
