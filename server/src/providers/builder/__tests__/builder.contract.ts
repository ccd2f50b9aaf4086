import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Registry } from '../../registry/registry.port.js';
import type { RepositoryRef, SourceHost } from '../../source-host/source-host.port.js';
import type { BuildHooks, BuildRequest, Builder } from '../builder.port.js';

export interface BuilderFixture {
  builder: Builder;
  /** Where the contract commits the code it builds. */
  sourceHost: SourceHost;
  /** Where the builder pushes its artifacts. */
  registry: Registry;
  organization: string;
  /** Build commands for each outcome, as the adapter runs them. */
  commands: { succeed: string[]; fail: string[]; hang: string[] };
  /** Removes whatever the adapter keeps (temporary directories, fake servers). */
  cleanup(): Promise<void>;
}

/**
 * What every Builder adapter does, whatever it talks to. A cloud adapter's spec calls this with a factory that
 * points the adapter (and its source host and registry) at fake services.
 */
export function builderContract(name: string, makeAdapter: () => Promise<BuilderFixture>): void {
  describe(`Builder contract: ${name}`, () => {
    let fixture: BuilderFixture;

    beforeAll(async () => {
      fixture = await makeAdapter();
    });

    afterAll(() => fixture?.cleanup());

    /** A fresh repository with one commit, and a request building it to a fresh image. */
    async function prepare(buildCommand: string[] | null, timeoutSeconds = 60): Promise<BuildRequest> {
      const repository: RepositoryRef = { organization: fixture.organization, name: `build-${randomUUID().slice(0, 8)}` };
      await fixture.sourceHost.ensureRepository(repository, { description: 'Builder contract' });
      const { sha } = await fixture.sourceHost.commitFiles(repository, {
        branch: 'main',
        message: 'Initial commit',
        author: { name: 'Ada', email: 'ada@example.com' },
        files: [
          { path: 'index.js', content: Buffer.from('console.log("hello");\n') },
          { path: 'README.md', content: Buffer.from('# Build me\n') },
        ],
      });
      return {
        projectId: repository.name,
        repository,
        commitSha: sha,
        image: { repository: `${repository.organization}/${repository.name}`, tag: 'v0.1.0' },
        buildCommand,
        environment: { GREETING: 'hello' },
        timeoutSeconds,
      };
    }

    function hooks(signal = new AbortController().signal): BuildHooks & { lines: string[] } {
      const lines: string[] = [];
      return { signal, lines, onLog: (line) => lines.push(line) };
    }

    it('builds a commit into an artifact the registry finds under the requested image', async () => {
      const request = await prepare(fixture.commands.succeed);
      const result = await fixture.builder.build(request, hooks());
      expect(result.status).toBe('success');
      expect(result.error).toBeNull();
      expect(result.durationMs).toBeGreaterThanOrEqual(0);
      expect(result.artifact).toMatchObject({ ...request.image, digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) });
      expect(await fixture.registry.find(request.image)).toEqual(result.artifact);
    });

    it('answers the existing artifact when the image was already built', async () => {
      const request = await prepare(fixture.commands.succeed);
      const first = await fixture.builder.build(request, hooks());
      const second = await fixture.builder.build(request, hooks());
      expect(second.status).toBe('success');
      expect(second.artifact).toEqual(first.artifact);
      expect(await fixture.registry.list(request.image.repository)).toEqual([first.artifact]);
    });

    it('reports a failing build with a short reason and stores nothing', async () => {
      const request = await prepare(fixture.commands.fail);
      const result = await fixture.builder.build(request, hooks());
      expect(result).toMatchObject({ status: 'failed', artifact: null, error: expect.stringMatching(/^Build exited with code [1-9]\d*$/) });
      expect(await fixture.registry.find(request.image)).toBeNull();
    });

    it('builds the same commit again after a failed build, once what failed is fixed (Retry, Rebuild)', async () => {
      const request = await prepare(fixture.commands.fail);
      expect((await fixture.builder.build(request, hooks())).status).toBe('failed');
      const again = await fixture.builder.build({ ...request, buildCommand: fixture.commands.succeed, rebuild: true }, hooks());
      expect(again).toMatchObject({ status: 'success', error: null, artifact: { ...request.image } });
      expect(await fixture.registry.find(request.image)).toEqual(again.artifact);
    });

    it('stops a build that runs past its timeout', async () => {
      const request = await prepare(fixture.commands.hang, 1);
      const result = await fixture.builder.build(request, hooks());
      // The command never ends by itself: a build that missed its timeout would fail the test by the test's timeout.
      expect(result).toMatchObject({ status: 'failed', artifact: null, error: 'Build timed out after 1 s' });
      expect(result.durationMs).toBeGreaterThanOrEqual(1_000);
      expect(await fixture.registry.find(request.image)).toBeNull();
    });

    it('stops a build when it is aborted', async () => {
      const request = await prepare(fixture.commands.hang);
      const controller = new AbortController();
      const building = fixture.builder.build(request, hooks(controller.signal));
      setTimeout(() => controller.abort(), 300);
      const result = await building;
      expect(result).toMatchObject({ status: 'failed', artifact: null, error: 'Build cancelled' });
      expect(await fixture.registry.find(request.image)).toBeNull();
    });
  });
}
