/** A response carrying the service's three X-RateLimit headers; `resetAt` (epoch ms) is sent in whole seconds. */
export function rateLimited(
  status: number,
  { limit, remaining, resetAt }: { limit: number; remaining: number; resetAt: number },
): Response {
  return new Response(null, {
    status,
    headers: {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.floor(resetAt / 1000)),
    },
  });
}
