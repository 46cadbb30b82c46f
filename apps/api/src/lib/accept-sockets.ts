import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance, FastifyListenOptions } from 'fastify';

// The portal listens on several sockets bound to one port (SO_REUSEPORT), all handing their connections to
// the one HTTP server. Why: libuv (1.45 on, so every Node this project runs) accepts ONE connection per
// listening socket per turn of the event loop. When the loop is busy (the embedded database runs its queries
// on it), a turn takes tens of milliseconds, so one socket takes in a few dozen new connections a second.
// A flood of new connections beyond that fills the kernel's accept queue, and every newcomer, the owner
// signing in included, waits seconds behind the flood before the server even sees its request (issue 29:
// measured 1.5 s median, 4.3 s worst at 50 new connections a second). Each further socket takes one more
// connection per turn; the kernel spreads new connections over them.

/** Sockets on the port: four times the new connections a busy turn takes in. */
export const ACCEPT_SOCKETS = 4;

export interface Listening {
  /** The port bound (the one asked for, or the one chosen for port 0). */
  port: number;
  /** How many sockets accept (1 where the platform has no SO_REUSEPORT). */
  sockets: number;
  /**
   * Stops the further sockets taking new connections, before the app's close (which stops the first one).
   * Their connections are the HTTP server's by then: the app's close waits for them.
   */
  closeFurtherSockets(): void;
}

/** Node's count of a server's open connections (what `getConnections` answers, what `close` waits for). */
interface CountedServer {
  _connections: number;
}

/** The options net applies to each connection its server accepts (`net.createServer`'s). */
interface SocketDefaults {
  noDelay?: boolean;
  keepAlive?: boolean;
  keepAliveInitialDelay?: number;
}

/**
 * Hands a connection a further socket accepted to the HTTP server, and moves it into that server's count:
 * the app's close waits for the requests on it as for its own (a graceful shutdown lets them finish), and
 * closes it when idle. Node's net module keeps the count in `_connections` and lowers it, when the
 * connection closes, on the socket's `_server`, as its cluster module does for the connections it hands on.
 */
function handOver(from: Server, to: Server, socket: Socket): void {
  // What net does for a connection of its own server (the HTTP server turns Nagle off by default): without
  // it, an answer written in parts (a compressed stream) waited for the client's delayed ACK, 40 ms each.
  const options = to as unknown as SocketDefaults;
  if (options.noDelay) socket.setNoDelay(true);
  if (options.keepAlive) socket.setKeepAlive(true, options.keepAliveInitialDelay);
  (from as unknown as CountedServer)._connections -= 1;
  (to as unknown as CountedServer)._connections += 1;
  (socket as unknown as { _server: Server })._server = to;
  to.emit('connection', socket);
}

function listenFurther(port: number, host: string, to: Server): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server: Server = createServer((socket) => handOver(server, to, socket));
    server.once('error', reject);
    server.listen({ port, host, reusePort: true }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
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

export async function listenOnAcceptSockets(
  app: FastifyInstance,
  options: { port: number; host: string; sockets?: number },
): Promise<Listening> {
  const wanted = Math.max(1, options.sockets ?? ACCEPT_SOCKETS);
  let reusable = wanted > 1;
  if (reusable) await assertPortFree(options.port, options.host);
  // Fastify hands its listen options to Node's `server.listen`; its types do not name `reusePort`.
  const first: FastifyListenOptions & { reusePort?: boolean } = {
    port: options.port,
    host: options.host,
    reusePort: reusable,
  };
  try {
    await app.listen(first);
  } catch (error) {
    // A platform without SO_REUSEPORT (Node answers ENOTSUP): one socket, as Node listens by default.
    if (!reusable || (error as NodeJS.ErrnoException).code !== 'ENOTSUP') throw error;
    reusable = false;
    await app.listen({ port: options.port, host: options.host });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const further: Server[] = [];
  try {
    for (let i = 1; reusable && i < wanted; i++) {
      further.push(await listenFurther(port, options.host, app.server));
    }
  } catch (error) {
    for (const server of further) server.close();
    throw error;
  }
  return {
    port,
    sockets: 1 + further.length,
    closeFurtherSockets: () => {
      for (const server of further.splice(0)) server.close();
    },
  };
}
