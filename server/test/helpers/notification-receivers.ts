import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1: it keeps every request and answers with what `answer` says for its path (200 by
 * default); `waitFor` resolves with the first request that matches, already received or still to come.
 */
export async function startHookReceiver() {
  const received: ReceivedHook[] = [];
  const waiters: Array<{ match: (hook: ReceivedHook) => boolean; resolve: (hook: ReceivedHook) => void }> = [];
  let answer: (hook: ReceivedHook) => { status: number; headers?: Record<string, string> } = () => ({ status: 200 });
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const hook = { path: req.url ?? '', headers: req.headers, body, at: Date.now() };
      received.push(hook);
      const reply = answer(hook);
      res.writeHead(reply.status, reply.headers).end('thanks');
      for (const waiter of waiters.filter((candidate) => candidate.match(hook))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(hook);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(next: typeof answer) {
      answer = next;
    },
    waitFor(match: (hook: ReceivedHook) => boolean): Promise<ReceivedHook> {
      const found = received.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface ReceivedMail {
  to: string[];
  raw: string;
  at: number;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1 without TLS or authentication, keeping every message. */
export async function startMailReceiver() {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, at: Date.now() };
        received.push(mail);
        callback();
        for (const waiter of waiters.filter((candidate) => candidate.match(mail))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
      const found = received.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a receiver computes to check a delivery's X-Slipway-Signature-256. */
export function expectedSignature(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
