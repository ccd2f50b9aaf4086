import { IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { createExpressServer } from '../express-server.js';

describe('createExpressServer', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function listen(server: Server): Promise<string> {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("builds each request and response with the app's prototypes, before Express sees them", async () => {
    const app = express();
    app.get('/echo', (req, res) => {
      res.status(201).json({ x: req.query.x, path: req.path });
    });
    const { server, serve } = createExpressServer({});
    serve(app);
    const seen: boolean[] = [];
    // Runs before the app's handler: what Node built, not what Express made of it.
    server.prependListener('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response);
    });
    const base = await listen(server);

    const response = await fetch(`${base}/echo?x=1`);

    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ x: '1', path: '/echo' });
    expect(seen).toEqual([true, true]);
  });

  it("serves Node's own request and response until it is given the app", async () => {
    const { server } = createExpressServer({});
    const seen: unknown[] = [];
    server.on('request', (req, res) => {
      seen.push(Object.getPrototypeOf(req), Object.getPrototypeOf(res));
      res.end('plain');
    });
    const base = await listen(server);

    const response = await fetch(base);

    expect(await response.text()).toBe('plain');
    expect(seen).toEqual([IncomingMessage.prototype, ServerResponse.prototype]);
  });
});
