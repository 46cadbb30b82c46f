import http from 'node:http';
import { apiPaths } from '@pet/shared/paths';

// The checkout's write path, one user at a time as a real checkout is: place an order
// (POST /v1/subscription/change/request: the rules, the customer, the sandbox's payment intent, the order row)
// and withdraw it (DELETE /v1/order/delete, as the web does after a refused card), timed cycle by cycle,
// against the same number of sequential requests to the bare route of the same server.

export interface OrderCycleResult {
  cycles: number;
  bareP50: number;
  placeP50: number;
  placeP95: number;
  deleteP50: number;
  deleteP95: number;
  errors: number;
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function send(port: number, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

export async function benchOrderCycle(options: {
  port: number;
  token: string;
  upgrade: { productId: string; priceId: string };
  cycles: number;
}): Promise<OrderCycleResult> {
  const auth = { authorization: `Bearer ${options.token}` };
  const order = {
    product_id: options.upgrade.productId,
    price_id: options.upgrade.priceId,
    pay_type: 'yearly',
    payment_method: 'card',
    name: 'Bench Owner',
    email: 'bench@example.test',
    street: 'Hauptstraße 1',
    zipcode: '10115',
    city: 'Berlin',
    terms_accepted: true,
  };
  const bare: number[] = [];
  const place: number[] = [];
  const remove: number[] = [];
  let errors = 0;
  const warmup = 5;
  for (let i = 0; i < options.cycles + warmup; i += 1) {
    const b = await send(options.port, 'GET', '/bench/bare', {});
    const placed = await send(options.port, 'POST', apiPaths.changeRequest, auth, order);
    if (placed.status !== 200) {
      errors += 1;
      continue;
    }
    const { order_id } = JSON.parse(placed.body) as { order_id: string };
    const deleted = await send(options.port, 'DELETE', `${apiPaths.orderDelete}?id=${order_id}`, auth);
    if (deleted.status >= 300) errors += 1;
    if (i < warmup) continue;
    bare.push(b.ms);
    place.push(placed.ms);
    remove.push(deleted.ms);
  }
  return {
    cycles: place.length,
    bareP50: quantile(bare, 0.5),
    placeP50: quantile(place, 0.5),
    placeP95: quantile(place, 0.95),
    deleteP50: quantile(remove, 0.5),
    deleteP95: quantile(remove, 0.95),
    errors,
  };
}

export function orderCycleLines(database: string, r: OrderCycleResult): string[] {
  const ratio = (ms: number) => `${(ms / r.bareP50).toFixed(0)}× bare`;
  return [
    `${database}: checkout order, ${r.cycles} cycles one at a time (bare route p50 ${r.bareP50.toFixed(2)} ms), ${r.errors} errors`,
    `${database}:   POST change/request  p50 ${r.placeP50.toFixed(1)} ms (${ratio(r.placeP50)}), p95 ${r.placeP95.toFixed(1)} ms`,
    `${database}:   DELETE order/delete  p50 ${r.deleteP50.toFixed(1)} ms (${ratio(r.deleteP50)}), p95 ${r.deleteP95.toFixed(1)} ms`,
  ];
}
