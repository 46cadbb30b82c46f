// The SMTP sink as its own process for the Playwright suite: the portals send mail to it over SMTP, and the
// browser tests read those mails over HTTP, since they run in other processes.
//   node apps/api/test/support/smtp-sink-server.ts --smtp-port 4325 --http-port 4326
//   GET    /messages[?to=<address>]  received mails as JSON, oldest first
//   DELETE /messages                 forget every mail (tests running in parallel share the sink: prefer
//                                    a unique address per test over clearing)
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { linksIn, type ReceivedMail, sentTo, startSmtpSink } from './smtp-sink.ts';

export type SinkMessage = {
  date: string | null;
  from: string;
  to: string[];
  envelope: { from: string; to: string[] };
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments: { filename: string | null; contentType: string; size: number }[];
};

function toJson(mail: ReceivedMail): SinkMessage {
  const to = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address ?? ''));
  return {
    date: mail.date ? mail.date.toISOString() : null,
    from: mail.from?.text ?? '',
    to,
    envelope: mail.envelope,
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: mail.html || '',
    links: linksIn(mail),
    attachments: mail.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      size: a.size,
    })),
  };
}

const { values } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: process.env.SMTP_SINK_PORT ?? '4325' },
    'http-port': { type: 'string', default: process.env.SMTP_SINK_HTTP_PORT ?? '4326' },
  },
});

const sink = await startSmtpSink({ port: Number(values['smtp-port']) });

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to');
    const wanted = to ? sink.messages.filter(sentTo(to)) : sink.messages;
    return send(200, wanted.map(toJson));
  }
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    sink.clear();
    return send(200, { cleared: true });
  }
  if (url.pathname === '/healthz') return send(200, { smtp: sink.url });
  return send(404, { code: 'NOT_FOUND' });
});

await new Promise<void>((resolve, reject) => {
  http.once('error', reject);
  http.listen(Number(values['http-port']), '127.0.0.1', () => resolve());
});
console.log(`smtp sink: ${sink.url}, messages at http://127.0.0.1:${values['http-port']}/messages`);

const shutdown = () => {
  http.close();
  void sink.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
