import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientStatic } from '../src/http/static.js';

// A built client as Vite and its compression plugin leave it: hashed assets with .br and .gz beside them.
const SCRIPT = `console.log(${JSON.stringify('slipway '.repeat(200))});\n`;
const HTML = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n';

let dir: string;
let base: string;
let close: () => void;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'slipway-static-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
  };
  write('assets/index-Ab12Cd34.js', SCRIPT);
  write('index.html', HTML);
  const app = express();
  app.use(clientStatic(dir)!);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});

afterAll(() => {
  close();
  rmSync(dir, { recursive: true, force: true });
});

/** Raw bytes and headers as they went over the wire (fetch would decompress them). */
function get(route: string, acceptEncoding?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${route}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the built client', () => {
  it('sends a hashed asset brotli-compressed to a client that accepts br, cached for a year', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is without Accept-Encoding', async () => {
    const res = await get('/assets/index-Ab12Cd34.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('serves index.html for client routes, compressed and revalidated on every load', async () => {
    for (const route of ['/', '/projects/42', '/index.html']) {
      const res = await get(route, 'gzip');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.body).toString()).toBe(HTML);
    }
    const plain = await get('/projects/42');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(HTML);
  });
});
