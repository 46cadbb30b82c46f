import { connect, createServer, type Server, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { listenOnAcceptSockets } from './accept-sockets.ts';

// New connections while every turn of the event loop is busy (as the embedded database keeps it under load):
// how many turns the server needs to take them all in.

const CONNECTIONS = 40;
/** Each turn of the loop works this long before it polls for connections again. */
const BUSY_TURN_MS = 10;

const open: Array<{ app: FastifyInstance; sockets: Socket[]; close: () => void }> = [];

afterEach(async () => {
  for (const { app, sockets, close } of open.splice(0)) {
    for (const socket of sockets) socket.destroy();
    close();
    await app.close();
  }
});

async function serve(sockets: number, ready = false) {
  const app = Fastify();
  app.get('/ok', async () => ({ ok: true }));
  app.post('/echo', async (request) => request.body);
  if (ready) await app.ready();
  const listening = await listenOnAcceptSockets(app, { port: 0, host: '127.0.0.1', sockets });
  const entry = { app, sockets: [] as Socket[], close: listening.closeFurtherSockets };
  open.push(entry);
  return { app, listening, clients: entry.sockets };
}

/** Opens CONNECTIONS connections at once while each loop turn is busy; the turns in which they were accepted. */
async function turnsToAcceptAll(app: FastifyInstance, port: number, clients: Socket[]): Promise<number> {
  let turn = 0;
  const acceptedIn = new Set<number>();
  let accepted = 0;
  let busy = true;
  const onConnection = () => {
    accepted += 1;
    acceptedIn.add(turn);
  };
  app.server.on('connection', onConnection);
  const work = () => {
    if (!busy) return;
    turn += 1;
    const until = performance.now() + BUSY_TURN_MS;
    while (performance.now() < until) {
      // The loop's work of one turn (the database's queries run on it).
    }
    setImmediate(work);
  };
  // The loop is busy first; the kernel completes every handshake at once, only accepting them waits for it.
  work();
  for (let i = 0; i < CONNECTIONS; i++) clients.push(connect(port, '127.0.0.1'));
  const deadline = performance.now() + 10_000;
  while (accepted < CONNECTIONS && performance.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  busy = false;
  app.server.off('connection', onConnection);
  expect(accepted).toBe(CONNECTIONS);
  return acceptedIn.size;
}

describe('accepting new connections on a busy event loop', () => {
  test('one socket takes in one connection a turn; four sockets take them in in far fewer turns', async () => {
    const single = await serve(1);
    expect(single.listening.sockets).toBe(1);
    const singleTurns = await turnsToAcceptAll(single.app, single.listening.port, single.clients);
    // libuv's one accept per turn, which made a flood of new connections keep everyone else waiting.
    expect(singleTurns).toBe(CONNECTIONS);

    const several = await serve(4);
    expect(several.listening.sockets).toBe(4);
    const severalTurns = await turnsToAcceptAll(several.app, several.listening.port, several.clients);
    // The kernel spreads connections over the four sockets by a hash of their addresses, not evenly: as many
    // turns as the fullest socket has connections (measured 12-18 of 40), never near one socket's 40.
    expect(severalTurns).toBeLessThanOrEqual((CONNECTIONS * 2) / 3);
  });

  test('every socket serves the app, and closing leaves the port free', async () => {
    const { app, listening } = await serve(4);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () =>
        fetch(`http://127.0.0.1:${listening.port}/ok`, { headers: { connection: 'close' } }).then((r) =>
          r.json(),
        ),
      ),
    );
    expect(answers).toEqual(Array.from({ length: 32 }, () => ({ ok: true })));

    listening.closeFurtherSockets();
    await app.close();
    open.length = 0;
    // Nothing listens any more: a new server may take the same port without SO_REUSEPORT.
    const again = Fastify();
    await again.listen({ port: listening.port, host: '127.0.0.1' });
    await again.close();
  });

  test('every connection, on whichever socket it came, has Nagle off as the HTTP server’s own', async () => {
    // With Nagle on, an answer written in parts (a compressed stream) waited 40 ms for the delayed ACK.
    const { app, listening } = await serve(4);
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await Promise.all(
      Array.from({ length: 32 }, () =>
        fetch(`http://127.0.0.1:${listening.port}/ok`, { headers: { connection: 'close' } }).then((r) =>
          r.text(),
        ),
      ),
    );
    expect(sockets).toHaveLength(32);
    // Node keeps what setNoDelay set under an internal symbol; no public getter exists.
    const noDelay = (socket: Socket) => {
      const key = Object.getOwnPropertySymbols(socket).find((symbol) => symbol.description === 'kSetNoDelay');
      expect(key, 'Node’s noDelay flag').toBeDefined();
      return (socket as unknown as Record<symbol, unknown>)[key as symbol];
    };
    expect(sockets.map(noDelay)).toEqual(Array.from({ length: 32 }, () => true));
  });

  test('a second portal on a taken port fails to start, as without the further sockets', async () => {
    const { listening } = await serve(4);
    const second = Fastify();
    await expect(
      listenOnAcceptSockets(second, { port: listening.port, host: '127.0.0.1', sockets: 4 }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await second.close();
  });

  test('the app’s close waits for the requests on every socket and closes the idle connections', async () => {
    const { app, listening } = await serve(4);
    const sockets = (n: number) => Array.from({ length: n }, () => connect(listening.port, '127.0.0.1'));
    // Eight requests whose bodies never end, and eight keep-alive connections with their answer read: spread
    // over the four sockets by the kernel (all eight on one socket: 1 in 4^7).
    const hanging = sockets(8);
    const idle = sockets(8);
    for (const socket of hanging) {
      socket.write(
        'POST /ok HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      );
    }
    await Promise.all(
      idle.map(
        (socket) =>
          new Promise((resolve) => {
            socket.once('data', resolve);
            socket.write('GET /ok HTTP/1.1\r\nHost: x\r\n\r\n');
          }),
      ),
    );
    const idleClosed = Promise.all(
      idle.map((socket) => new Promise((resolve) => socket.once('close', resolve))),
    );
    // The HTTP server counts every connection as its own, whichever socket took it in: its close waits for them.
    const counted = await new Promise((resolve) =>
      app.server.getConnections((_error, count) => resolve(count)),
    );
    expect(counted).toBe(16);

    listening.closeFurtherSockets();
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await idleClosed;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false);
    for (const socket of hanging) socket.destroy();
    await closing;
    open.length = 0;
  });
});

describe('one socket where it is enough; the close with further sockets', () => {
  test('one socket is Fastify’s own listen: no SO_REUSEPORT on the port, nothing added to the server', async () => {
    const { app, listening } = await serve(1);
    expect(listening.sockets).toBe(1);
    // Bound without SO_REUSEPORT: not even a socket that asks for it may join the port.
    const joiner = createServer();
    await expect(
      new Promise((resolve, reject) => {
        joiner.once('error', reject);
        joiner.listen({ port: listening.port, host: '127.0.0.1', reusePort: true }, () => resolve('joined'));
      }),
    ).rejects.toMatchObject({ code: 'EADDRINUSE' });
    // Node's own count, not the one that adds the further sockets'.
    expect(Object.hasOwn(app.server, 'getConnections')).toBe(false);
    const answer = await fetch(`http://127.0.0.1:${listening.port}/ok`);
    expect(await answer.json()).toEqual({ ok: true });
  });

  test.each([
    ['', false],
    [' (an app made ready before it listens)', true],
  ])(
    'the app’s close lets a request on a further socket finish, with none left on its own socket%s',
    async (_, ready) => {
      const { app, listening } = await serve(4, ready);
      // Which socket took each connection in (keyed by the client's port): read before the HTTP server's own
      // listener, which makes the connection its own.
      const acceptedBy = new Map<number, Server>();
      app.server.prependListener('connection', (socket: Socket & { server: Server }) =>
        acceptedBy.set(socket.remotePort!, socket.server),
      );
      const clients = Array.from({ length: 16 }, () => connect(listening.port, '127.0.0.1'));
      const answers = clients.map((socket) => {
        let text = '';
        socket.on('data', (chunk) => (text += chunk));
        return new Promise<string>((resolve) => socket.once('close', () => resolve(text)));
      });
      for (const socket of clients) {
        socket.write(
          'POST /echo HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 9\r\n\r\n{"a":',
        );
      }
      const deadline = performance.now() + 5_000;
      while (acceptedBy.size < clients.length && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const onOwn = clients.filter((socket) => acceptedBy.get(socket.localPort!) === app.server);
      const onFurther = clients.filter((socket) => !onOwn.includes(socket));
      // All sixteen on the first socket: 1 in 4^15.
      expect(onFurther.length).toBeGreaterThan(0);

      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      open.length = 0;
      for (const socket of onOwn) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 300));
      // Only the further sockets' requests are left, and the close waits for them.
      expect(closed).toBe(false);
      for (const socket of onFurther) socket.write('"b"}');
      const texts = await Promise.all(onFurther.map((socket) => answers[clients.indexOf(socket)]));
      for (const text of texts) expect(text).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"a":"b"\}$/);
      await closing;
      expect(closed).toBe(true);
    },
  );
});
