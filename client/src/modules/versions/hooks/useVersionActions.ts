import type { ApolloCache } from '@apollo/client';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { VersionCardFragment } from '../../../generated/graphql';
import { useArchiveVersionMutation, useDeleteVersionMutation, useRestoreVersionMutation } from '../../../generated/hooks';
import { COPIED_MESSAGE_MS } from '../../../ui/clipboard';
import { useFlash } from '../../../ui/useFlash';
import { downloadArtifact } from '../version-rest';
import { evictVersionLists } from '../version-cache';

/**
 * What a version card's buttons do: archive, restore and delete (each refreshing the lists), copy the commit hash,
 * download an artifact. A failure becomes `error` (spec section 8's defaults), shown until dismissed.
 */
export function useVersionActions(projectId: string) {
  const [archiveVersion] = useArchiveVersionMutation();
  const [restoreVersion] = useRestoreVersionMutation();
  const [deleteVersion] = useDeleteVersionMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copiedId, flashCopied] = useFlash<string>(COPIED_MESSAGE_MS);

  const run = async (version: VersionCardFragment, fallback: string, action: () => Promise<unknown>): Promise<boolean> => {
    setBusyId(version.id);
    setError(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(apiErrorMessage(caught, fallback));
      return false;
    } finally {
      setBusyId(null);
    }
  };

  const update = { update: (cache: ApolloCache) => evictVersionLists(cache, projectId) };

  return {
    busyId,
    error,
    dismissError: () => setError(null),
    copiedId,
    archive: (version: VersionCardFragment) =>
      run(version, 'Failed to archive version', () => archiveVersion({ variables: { id: version.id }, ...update })),
    restore: (version: VersionCardFragment) =>
      run(version, 'Failed to restore version', () => restoreVersion({ variables: { id: version.id }, ...update })),
    remove: (version: VersionCardFragment) =>
      run(version, 'Failed to delete version', () => deleteVersion({ variables: { id: version.id }, ...update })),
    download: (version: VersionCardFragment, artifactId: string) => {
      const artifact = version.artifacts.find((item) => item.id === artifactId);
      if (artifact) void run(version, 'Failed to download artifact', () => downloadArtifact(projectId, version, artifact));
    },
    copyCommit: (version: VersionCardFragment) => {
      if (!version.gitCommitSha) return;
      const sha = version.gitCommitSha;
      void run(version, 'Failed to copy to clipboard', async () => {
        await navigator.clipboard.writeText(sha);
        flashCopied(version.id);
      });
    },
  };
}
