import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { jsonNestingDepth, readJsonBody } from '../../lambdas/lib/http';

/** The API's body reader: what it refuses before parsing, and how small its answers stay. */

function event(body: string): APIGatewayProxyEventV2 {
  return { headers: { 'content-type': 'application/json' }, body, isBase64Encoded: false } as unknown as APIGatewayProxyEventV2;
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonNestingDepth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestingDepth('"x"')).toBe(0);
    expect(jsonNestingDepth('{"data":{"images":["a"]}}')).toBe(3);
    expect(jsonNestingDepth('{"note":"[[[{{{ \\" ]]] {"}')).toBe(1);
    expect(jsonNestingDepth(nested(5000))).toBe(5000);
  });
});

describe('readJsonBody', () => {
  it('parses a body of ordinary depth', () => {
    const read = readJsonBody(event('{"data":{"images":["a"]},"submissionId":"x"}'), 'en', 1024);
    expect(read).toEqual({ ok: true, value: { data: { images: ['a'] }, submissionId: 'x' } });
  });

  it.each([
    ['3,200 nested arrays', nested(3200)],
    ['a body made only of brackets', '['.repeat(60_000)],
    ['deep objects inside the data', `{"data":{"a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}}`],
  ])('answers 400 in the visitor’s language for %s, without parsing it', (_case, body) => {
    const read = readJsonBody(event(body), 'fr', 64 * 1024);
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.response.statusCode).toBe(400);
    expect(JSON.parse(read.response.body!)).toEqual({
      code: 'nestedTooDeep',
      error: 'La requête est trop imbriquée',
      maxDepth: 16,
    });
  });
});
