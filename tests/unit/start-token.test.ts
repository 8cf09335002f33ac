import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { minimumFillMs, startTokenLifetimeMs } from '../../shared/forms/anti-spam';
import { createStartTokenSource, heldUntilFilled, isUsable, tokenWaitMs, type HeldStartToken } from '../../web/app/forms/start-token';

/**
 * The browser's side of the fill time (docs/decisions/0011): an order leaves
 * once a person could have filled the form since its start token arrived,
 * so a fast person is never told "sent" for an order the API would hold
 * against them; a token that does not come holds it only a moment.
 */

beforeEach(() => {
  vi.useFakeTimers({ now: 1_750_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A token service the test answers by hand: `answer(i, value)` settles the i-th request. */
function tokenService() {
  const requests: { formId: string; answer(value: string | undefined): void }[] = [];
  const fetchToken = vi.fn(
    (formId: string) =>
      new Promise<string | undefined>((resolve) => {
        requests.push({ formId, answer: resolve });
      }),
  );
  return { requests, fetchToken };
}

/** Whether the promise has settled, after letting pending callbacks run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('holding an order until the fill time has passed', () => {
  it('sends a form filled at once (autofill) only the fill time after its token arrived', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    requests[0]!.answer('token-1');
    await vi.advanceTimersByTimeAsync(500);

    const held = heldUntilFilled(source.current, source);
    await vi.advanceTimersByTimeAsync(minimumFillMs - 500 - 1);
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await held).toEqual({ value: 'token-1', receivedAt: 1_750_000_000_000 });
  });

  it('sends at once when the farmer took longer than the fill time', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    requests[0]!.answer('token-1');
    await vi.advanceTimersByTimeAsync(45_000);
    expect(await settled(heldUntilFilled(source.current, source))).toBe(true);
  });

  it('waits for a token still on its way, then the fill time after it arrived', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    const held = heldUntilFilled(source.current, source);
    await vi.advanceTimersByTimeAsync(1_000);
    requests[0]!.answer('late-token');
    await vi.advanceTimersByTimeAsync(minimumFillMs - 1);
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await held)?.value).toBe('late-token');
  });

  it('sends without a token when none comes within a short wait (a weak line, the token refused)', async () => {
    const { fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    const held = heldUntilFilled(undefined, source);
    await vi.advanceTimersByTimeAsync(tokenWaitMs - 1);
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await held).toBeUndefined();

    const refused = createStartTokenSource('contact-message', async () => undefined);
    expect(await heldUntilFilled(undefined, refused)).toBeUndefined();
  });

  it('asks for a token on Send when the form never asked for one', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('newsletter-subscription', fetchToken);
    const held = heldUntilFilled(source.current, source);
    expect(requests.map((request) => request.formId)).toEqual(['newsletter-subscription']);
    requests[0]!.answer('token-1');
    await vi.advanceTimersByTimeAsync(minimumFillMs);
    expect((await held)?.value).toBe('token-1');
  });

  it('sends a draft’s token, kept from when the farmer began, at once; an expired one gives way to the form’s own', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('part-order', fetchToken);
    source.ensure();
    requests[0]!.answer('fresh-token');
    await vi.advanceTimersByTimeAsync(0);

    const draftToken: HeldStartToken = { value: 'draft-token', receivedAt: Date.now() - 10 * 60_000 };
    expect(await settled(heldUntilFilled(draftToken, source))).toBe(true);
    expect(await heldUntilFilled(draftToken, source)).toBe(draftToken);

    const expired: HeldStartToken = { value: 'old-token', receivedAt: Date.now() - startTokenLifetimeMs };
    const held = heldUntilFilled(expired, source);
    await vi.advanceTimersByTimeAsync(minimumFillMs);
    expect((await held)?.value).toBe('fresh-token');
  });

  it('asks again for a token kept past its day (a tab left open)', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    requests[0]!.answer('yesterday');
    await vi.advanceTimersByTimeAsync(startTokenLifetimeMs);
    const held = heldUntilFilled(source.current, source);
    expect(requests).toHaveLength(2);
    requests[1]!.answer('today');
    await vi.advanceTimersByTimeAsync(minimumFillMs);
    expect((await held)?.value).toBe('today');
  });
});

describe('a form’s start tokens', () => {
  it('asks for one once, however often the form asks', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('contact-message', fetchToken);
    source.ensure();
    source.ensure();
    requests[0]!.answer('token-1');
    await vi.advanceTimersByTimeAsync(0);
    source.ensure();
    expect(requests).toHaveLength(1);
  });

  it('takes a new one after an order left with the last ("Add Another"), and never gives back the old', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('tractor-order', fetchToken);
    source.ensure();
    requests[0]!.answer('first');
    await vi.advanceTimersByTimeAsync(0);
    source.renew();
    expect(source.current).toBeUndefined();
    expect(requests).toHaveLength(2);
    requests[1]!.answer('second');
    await vi.advanceTimersByTimeAsync(0);
    expect(source.current?.value).toBe('second');
  });

  it('drops an answer to a request made before the last', async () => {
    const { requests, fetchToken } = tokenService();
    const source = createStartTokenSource('tractor-order', fetchToken);
    source.ensure();
    source.renew();
    requests[1]!.answer('newer');
    requests[0]!.answer('older');
    await vi.advanceTimersByTimeAsync(0);
    expect(source.current?.value).toBe('newer');
  });
});

describe('a kept token', () => {
  it('is usable for a day less an hour after it arrived; a draft from an older page (text alone) is not', () => {
    const now = Date.now();
    expect(isUsable({ value: 't', receivedAt: now - 22 * 60 * 60_000 }, now)).toBe(true);
    expect(isUsable({ value: 't', receivedAt: now - 23 * 60 * 60_000 }, now)).toBe(false);
    expect(isUsable('1750000000000.abc', now)).toBe(false);
    expect(isUsable(undefined, now)).toBe(false);
  });
});
