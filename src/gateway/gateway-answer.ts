/** What a gateway call answers on the wire, before either transport (the lane, Fastify) writes it. */
export interface GatewayAnswer {
  status: number;
  /** JSON text. */
  body: string;
  /** Seconds for a Retry-After header (a fault's FLOOD_WAIT_n). */
  retryAfter?: number;
  /** A fault closed the connection (gateway/fault-answer.ts): nothing is written. */
  drop?: boolean;
}
