import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { createApp } from '../src/app.js';

let server;
let base;

before(async () => {
  server = createServer(createApp({ apiKey: 'test-key' }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});
after(() => new Promise((resolve) => server.close(resolve)));

test('answers the health check', async () => {
  const res = await fetch(`${base}/health`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
});

test('refuses writes without the API key', async () => {
  const res = await fetch(`${base}/api/items`, { method: 'POST', body: JSON.stringify({ name: 'x' }) });
  assert.equal(res.status, 401);
});

test('creates, lists and deletes an item with the API key', async () => {
  const headers = { 'x-api-key': 'test-key', 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/items`, { method: 'POST', headers, body: JSON.stringify({ name: ' first ' }) });
  assert.equal(created.status, 201);
  const item = await created.json();
  assert.equal(item.name, 'first');

  const listed = await (await fetch(`${base}/api/items`)).json();
  assert.deepEqual(listed.items.map((i) => i.id), [item.id]);

  const removed = await fetch(`${base}/api/items/${item.id}`, { method: 'DELETE', headers });
  assert.equal(removed.status, 204);
});

test('rejects malformed JSON with 400', async () => {
  const res = await fetch(`${base}/api/items`, { method: 'POST', headers: { 'x-api-key': 'test-key' }, body: '{' });
  assert.equal(res.status, 400);
});
