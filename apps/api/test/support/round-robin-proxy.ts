import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small reverse proxy for the many-processes test (issue 30), as an operator puts one in front: requests go
// round-robin to the upstreams whose GET /readyz answered 200 at the last check (every `checkMs`), with the
// client's address appended to X-Forwarded-For. A request whose upstream refused the connection (nothing was
// sent) goes to the next one; any other failure answers 502, which the test counts as lost. Bodies are small
// here, so each is read whole before it is sent on.

export interface Upstream {
  port: number;
  healthy: boolean;
}

export interface RoundRobinProxy {
  port: number;
  url: string;
  upstreams: Upstream[];
  /** Adds an upstream; it takes requests from its first healthy check on. */
  add(port: number): void;
  remove(port: number): void;
  /** Resolves once `port` is in rotation (its /readyz answered 200). */
  inRotation(port: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function get(port: number, path: string, timeoutMs: number): Promise<number> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

export async function startRoundRobinProxy(options: { checkMs?: number } = {}): Promise<RoundRobinProxy> {
  const checkMs = options.checkMs ?? 200;
  const upstreams: Upstream[] = [];
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;

  const check = async () => {
    await Promise.all(
      upstreams.map(async (upstream) => {
        upstream.healthy = (await get(upstream.port, '/readyz', 1_000)) === 200;
      }),
    );
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => {
      checking = false;
    });
  }, checkMs);

  const pick = (tried: Set<number>): Upstream | undefined => {
    const healthy = upstreams.filter((u) => u.healthy && !tried.has(u.port));
    if (healthy.length === 0) return undefined;
    next = (next + 1) % healthy.length;
    return healthy[next];
  };

  const forward = (
    upstream: Upstream,
    req: http.IncomingMessage,
    body: Buffer,
  ): Promise<{ refused: true } | { refused: false; res: http.IncomingMessage }> =>
    new Promise((resolve, reject) => {
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const out = http.request(
        {
          host: '127.0.0.1',
          port: upstream.port,
          method: req.method,
          path: req.url,
          agent,
          headers: { ...req.headers, 'x-forwarded-for': forwardedFor, 'content-length': String(body.length) },
        },
        (res) => resolve({ refused: false, res }),
      );
      out.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') resolve({ refused: true });
        else reject(error);
      });
      out.end(body);
    });

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const tried = new Set<number>();
    try {
      for (let upstream = pick(tried); upstream; upstream = pick(tried)) {
        tried.add(upstream.port);
        const answer = await forward(upstream, req, body);
        if (answer.refused) {
          upstream.healthy = false;
          continue;
        }
        res.writeHead(answer.res.statusCode ?? 502, answer.res.headers);
        answer.res.pipe(res);
        return;
      }
      res.writeHead(503).end('no upstream');
    } catch {
      if (!res.headersSent) res.writeHead(502);
      res.end('upstream failed');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    upstreams,
    add(upstreamPort) {
      upstreams.push({ port: upstreamPort, healthy: false });
    },
    remove(upstreamPort) {
      const at = upstreams.findIndex((u) => u.port === upstreamPort);
      if (at >= 0) upstreams.splice(at, 1);
    },
    async inRotation(upstreamPort, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until) {
        if (upstreams.find((u) => u.port === upstreamPort)?.healthy) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`port ${upstreamPort} did not come into rotation in ${timeoutMs} ms`);
    },
    async close() {
      clearInterval(timer);
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
