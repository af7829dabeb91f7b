import { expect } from 'vitest';

type Answer = { statusCode: number; body: string };

/**
 * A refusal as issue 14 wants it: a 4xx (`status` when given), our envelope with one error, a Portuguese message
 * and nothing of Fastify's or Node's own English text. Answers the error.
 */
export function expectRefusal(res: Answer, status?: number): { code: string; message: string } {
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (status) expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as {
    success: boolean;
    data: unknown;
    errors: { code: string; message: string }[];
  };
  expect(body).toMatchObject({ success: false, data: null });
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]!.code).toMatch(/^[a-zA-Z]+$/);
  expect(body.errors[0]!.message).not.toMatch(
    /FST_|Bad Request|is not a valid|exceeding|Client Error|Rate limit|Error:/,
  );
  return body.errors[0]!;
}
