import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * An overall deadline for the AWS calls made while answering one request,
 * the SDK's retries and the pauses between them included: a store that does
 * not answer costs the visitor that long, not the client timeouts of every
 * attempt of every call (./aws-clients.ts). A client wrapped by
 * `boundToRequestDeadline` gives each call the deadline of the request it is
 * made for (run by `withinDeadline`) as its `abortSignal`; a call cut off
 * throws an AbortError, like any failed call, and a call made outside any
 * request has no deadline. The deadline follows the request through
 * AsyncLocalStorage, as one process may answer several requests at once (the
 * local stack does).
 */

const deadlines = new AsyncLocalStorage<AbortSignal>();

/** Runs `answer` with every call of a bound client made within it cut off `ms` after now. */
export function withinDeadline<T>(ms: number, answer: () => Promise<T>): Promise<T> {
  return deadlines.run(AbortSignal.timeout(ms), answer);
}

interface Sender {
  send(command: unknown, options?: { abortSignal?: AbortSignal }): Promise<unknown>;
}

/** The same client, whose calls end by the deadline of the request they are made for. */
export function boundToRequestDeadline<Client extends object>(client: Client): Client {
  const sender = client as unknown as Sender;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
      return (command: unknown, options?: { abortSignal?: AbortSignal }) => {
        const abortSignal = deadlines.getStore();
        return sender.send(command, abortSignal ? { ...options, abortSignal } : options);
      };
    },
  });
}
