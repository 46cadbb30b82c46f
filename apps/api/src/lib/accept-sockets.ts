import { type BlockList, createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

// Where clients connect to the process directly, the portal listens on several sockets bound to one port
// (SO_REUSEPORT), all handing their connections to the one HTTP server. Why: libuv (1.45 on, so every Node
// this project runs) accepts ONE connection per listening socket per turn of the event loop. When the loop
// is busy (the embedded database runs its queries on it), a turn takes tens of milliseconds, so one socket
// takes in a few dozen new connections a second. A flood of new connections beyond that fills the kernel's
// accept queue, and every newcomer, the owner signing in included, waits seconds behind the flood before the
// server even sees its request (issue 29: measured 1.5 s median, 4.3 s worst at 50 new connections a second).
// Each further socket takes one more connection per turn; the kernel spreads new connections over them.
// Behind a reverse proxy that keeps its connections to the process open, new connections are rare and one
// socket, Fastify's own listen, is enough: ACCEPT_SOCKETS (config/env-variables.ts, its default in env.ts; decision 0020) says how many.
//
// Only public interfaces (issue 47): a further socket is a `net.Server` of its own, which counts the
// connections it accepts, as Node does for every server; it hands each to the HTTP server with
// `emit('connection', socket)`, the documented way to give an HTTP server a connection from elsewhere. The HTTP
// server then parses, times out and, at its close, ends the idle ones as its own. What Node does not do for a
// connection it did not accept (measured, decision 0020): count it in the HTTP server's `getConnections`,
// and hold back the HTTP server's close until it ends. So, on that one server object, `getConnections`
// answers the sum of every socket's count, and `close` calls back (the app's close waits for that) once
// every further socket has closed too (`serveAsOwn`).

/** Sockets on the port where clients connect directly: four times the new connections a busy turn takes in. */
export const DIRECT_ACCEPT_SOCKETS = 4;
/** The most ACCEPT_SOCKETS allows (config/env-variables.ts). */
export const MAX_ACCEPT_SOCKETS = 16;

export interface Listening {
  /** The port bound (the one asked for, or the one chosen for port 0). */
  port: number;
  /** How many sockets accept (1 where asked, or where the platform has no SO_REUSEPORT). */
  sockets: number;
  /**
   * Stops the further sockets taking new connections (the app's close does it too, with the first one).
   * Their connections are served by the HTTP server: the app's close waits for them.
   */
  closeFurtherSockets(): void;
}

/**
 * The options `net.createServer` applies to each connection its server accepts, as the HTTP server keeps
 * them (read only: fields its constructor sets, without an underscore, which @types/node does not declare;
 * the keep-alive delay in seconds). A further socket is made with the same, so net applies them to its
 * connections as to the HTTP server's own: the HTTP server turns Nagle off by default, and without that an
 * answer written in parts (a compressed stream) waited for the client's delayed ACK, 40 ms each.
 */
interface ConnectionOptions {
  allowHalfOpen?: boolean;
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
  highWaterMark?: number;
  blockList?: BlockList;
}

function listenFurther(port: number, host: string, to: Server): Promise<Server> {
  const own = to as Server & ConnectionOptions;
  const server = createServer(
    {
      allowHalfOpen: own.allowHalfOpen,
      noDelay: own.noDelay,
      keepAlive: own.keepAlive,
      keepAliveInitialDelay: (own.keepAliveInitialDelay ?? 0) * 1000,
      highWaterMark: own.highWaterMark,
      ...(own.blockList ? { blockList: own.blockList } : {}),
    },
    (socket: Socket) => to.emit('connection', socket),
  );
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, reusePort: true }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function connectionsOf(server: Server, count: Server['getConnections']): Promise<number> {
  return new Promise((resolve, reject) => {
    count.call(server, (error, connections) => (error ? reject(error) : resolve(connections)));
  });
}

/**
 * The HTTP server's count and close answer for every connection it serves, its own listener's and those the
 * further sockets handed it, as with one socket: `getConnections` adds up every socket's count, and the
 * callback of `close` (the one the app's close waits for) comes once the further sockets are closed too,
 * which their `close` event tells after the last of their connections has ended. Node's close has ended the
 * idle ones on every socket by then; a busy one ends once its request is answered.
 */
function serveAsOwn(to: Server, further: Server[]): void {
  const closed = further.map((server) => new Promise((resolve) => server.once('close', resolve)));
  const count = to.getConnections;
  to.getConnections = function getConnections(this: Server, callback) {
    Promise.all([
      connectionsOf(to, count),
      ...further.map((server) => connectionsOf(server, server.getConnections)),
    ])
      .then((counts) => counts.reduce((sum, n) => sum + n, 0))
      .then(
        (sum) => callback(null, sum),
        (error: Error) => callback(error, 0),
      );
    return this;
  };
  const close = to.close;
  to.close = function closeEverySocket(this: Server, callback?: (error?: Error) => void) {
    for (const server of further) if (server.listening) server.close();
    close.call(this, (error) => {
      void Promise.all(closed).then(() => callback?.(error));
    });
    return this;
  };
}

/**
 * SO_REUSEPORT would let a second portal started on a taken port share it silently, each answering some of
 * the connections: the port is first bound once without it, so that start fails with EADDRINUSE as before.
 */
async function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ port, host }, () => resolve());
  });
  await new Promise((resolve) => probe.close(resolve));
}

function boundPort(app: FastifyInstance, asked: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : asked;
}

/** Listens on `sockets` sockets of one port (1: Fastify's own listen, nothing else; at most 16). */
export async function listenOnAcceptSockets(
  app: FastifyInstance,
  options: { port: number; host: string; sockets: number },
): Promise<Listening> {
  const wanted = Math.min(MAX_ACCEPT_SOCKETS, Math.max(1, Math.trunc(options.sockets)));
  if (wanted === 1) {
    await app.listen({ port: options.port, host: options.host });
    return { port: boundPort(app, options.port), sockets: 1, closeFurtherSockets: () => {} };
  }

  const further: Server[] = [];
  const closeFurtherSockets = () => {
    for (const server of further) if (server.listening) server.close();
  };
  let reusable = true;
  await assertPortFree(options.port, options.host);
  // Fastify hands its listen options to Node's `server.listen`; its types do not name `reusePort`.
  const first: FastifyListenOptions & { reusePort?: boolean } = {
    port: options.port,
    host: options.host,
    reusePort: true,
  };
  try {
    await app.listen(first);
  } catch (error) {
    // A platform without SO_REUSEPORT (Node answers ENOTSUP): one socket, as Node listens by default.
    if ((error as NodeJS.ErrnoException).code !== 'ENOTSUP') throw error;
    reusable = false;
    await app.listen({ port: options.port, host: options.host });
  }
  const port = boundPort(app, options.port);
  try {
    for (let i = 1; reusable && i < wanted; i++) {
      const server = await listenFurther(port, options.host, app.server);
      further.push(server);
    }
  } catch (error) {
    closeFurtherSockets();
    throw error;
  }
  if (further.length > 0) serveAsOwn(app.server, further);
  return { port, sockets: 1 + further.length, closeFurtherSockets };
}
