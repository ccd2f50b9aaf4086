import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BuildLogs, secretMasker } from '../build-logs.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-build-logs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('secretMasker', () => {
  it("hides the values of sensitive variables of 4 characters or more, longer ones first, and nothing else", () => {
    const mask = secretMasker({ API_KEY: 'abc', DB_PASSWORD: 'abcdef', AUTH_TOKEN: 'x.y.z', SECRET: '', CORS_ORIGIN: '*', LEVEL: 'abcdef-info' });
    expect(mask('abcdef and abc and x.y.z and abcdef-info and builds/*')).toBe('*** and abc and *** and ***-info and builds/*');
    expect(secretMasker({})('nothing to hide')).toBe('nothing to hide');
  });
});

describe('BuildLogs', () => {
  const logs = new BuildLogs(dataDir);

  it('keeps a whole log on disk and answers its last lines, reading from the end', async () => {
    const version = { id: randomUUID(), projectId: randomUUID() };
    const writer = await logs.open(version);
    for (let line = 1; line <= 50_000; line += 1) writer.write(`line ${line} ${'x'.repeat(40)}`);
    await writer.close();
    expect(statSync(path.join(dataDir, 'build-logs', version.projectId, `${version.id}.log`)).size).toBeGreaterThan(2_000_000);
    expect((await logs.tail(version, 3)).split('\n').map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(['line 49998', 'line 49999', 'line 50000']);
    expect((await logs.tail(version, 10_000)).split('\n')).toHaveLength(10_000);

    const again = await logs.open(version);
    again.write('fresh');
    await again.close();
    expect(await logs.tail(version, 5)).toBe('fresh');

    await logs.remove(version);
    expect(await logs.tail(version, 5)).toBe('');

    const other = { id: randomUUID(), projectId: version.projectId };
    const writer2 = await logs.open(other);
    writer2.write('kept until the project goes');
    await writer2.close();
    expect(await logs.tail(other, 5)).toBe('kept until the project goes');
    await logs.removeProject(version.projectId);
    expect(await logs.tail(other, 5)).toBe('');
  });

  it('answers nothing for a version without a log and refuses a name that is no id', async () => {
    expect(await logs.tail({ id: randomUUID(), projectId: randomUUID() }, 10)).toBe('');
    await expect(logs.tail({ id: '../../etc/passwd', projectId: randomUUID() }, 10)).rejects.toThrow('Build logs are named by their project and version ids');
    await expect(logs.removeProject('..')).rejects.toThrow('Build logs are named by their project and version ids');
  });
});
