import { createServer, connect, type Server } from 'node:net';

/** Port helpers shared by the stand-ins: clear errors instead of crashes. */

export const localHost = '127.0.0.1';

export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly service: string,
  ) {
    super(`Port ${port} is already in use, so ${service} cannot start. Stop whatever uses it or choose another port.`);
    this.name = 'PortInUseError';
  }
}

/**
 * Listens on `port` (0 = any free port) and resolves with the port actually
 * bound. A port in use rejects with PortInUseError rather than emitting an
 * unhandled 'error' event.
 */
export function listen(server: Server, port: number, service: string, host = localHost): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(port, service) : error);
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error(`${service} did not report the port it listens on`));
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Closes a server, dropping idle keep-alive connections so close() does not wait on them. */
export function closeServer(server: Server & { closeAllConnections?: () => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections?.();
  });
}

/**
 * A port free right now, for a child process that must be told its port up
 * front. Another process could take it before the child binds; the child's
 * start then fails with a clear message.
 */
export async function reservePort(port: number, service: string): Promise<number> {
  const probe = createServer();
  const bound = await listen(probe, port, service);
  await closeServer(probe);
  return bound;
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(
  port: number,
  { timeoutMs, service, stillStarting }: { timeoutMs: number; service: string; stillStarting: () => string | undefined },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await canConnect(port)) return;
    const failure = stillStarting();
    if (failure) throw new Error(`${service} did not start: ${failure}`);
    if (Date.now() > deadline) throw new Error(`${service} did not open port ${port} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: localHost });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
