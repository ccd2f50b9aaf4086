import { restErrorBody } from '../../app/apollo/error-message';
import { authToken, bearer } from '../../app/auth/auth-token';

const versionPath = (projectId: string, versionId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/versions/${encodeURIComponent(versionId)}`;

/** The most lines the build log call answers: a build's whole log for any build this app runs. */
export const WHOLE_LOG_LINES = 10_000;

/** A GET of the REST API (spec section 7) with the session's bearer token; throws the server's error message. */
async function restGet(path: string): Promise<Response> {
  const token = authToken.read();
  const response = await fetch(path, { headers: token ? { authorization: bearer(token) } : {} });
  if (!response.ok) throw new Error(restErrorBody(await response.text()).error ?? `Request failed (HTTP ${response.status})`);
  return response;
}

/** A version's whole build log (GraphQL carries only its last lines). */
export async function fetchWholeBuildLog(projectId: string, versionId: string): Promise<string> {
  const response = await restGet(`${versionPath(projectId, versionId)}/build/logs?tail=${WHOLE_LOG_LINES}`);
  const { logs } = (await response.json()) as { logs: string };
  return logs;
}

/** The file name the server gave (Content-Disposition), else `fallback`. */
export function downloadFileName(disposition: string | null, fallback: string): string {
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  if (!name) return fallback;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/**
 * Downloads a build artifact with the session's bearer token, which a plain link cannot send, and hands it to the
 * browser as a file.
 */
export async function downloadArtifact(projectId: string, version: { id: string; versionTag: string }, artifact: { id: string; type: string }) {
  const response = await restGet(`${versionPath(projectId, version.id)}/artifacts/${encodeURIComponent(artifact.id)}/download`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadFileName(response.headers.get('content-disposition'), `${version.versionTag}-${artifact.type}`);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
