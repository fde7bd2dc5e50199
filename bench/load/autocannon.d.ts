// The part of autocannon's API that the load benchmark's --bursts mode uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonRequest {
    method?: string;
    setupRequest?: (req: object, context: { kind?: string }) => object;
  }
  interface AutocannonOptions {
    url: string;
    connections?: number;
    overallRate?: number;
    duration?: number;
    requests?: AutocannonRequest[];
  }
  interface Instance {
    on(
      event: 'response',
      listener: (client: { requestIterator?: { context?: { kind?: string } } }, status: number, bytes: number, ms: number) => void,
    ): Instance;
    on(event: string, listener: (...args: never[]) => void): Instance;
    stop(): void;
  }
  interface Result {
    requests: { total: number };
    non2xx: number;
    timeouts: number;
    errors: number;
  }
  function autocannon(opts: AutocannonOptions): Instance & Promise<Result>;
  export default autocannon;
}
