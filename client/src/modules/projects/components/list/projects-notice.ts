/** What the projects list says on arrival (a project that was deleted, a creation that was cancelled), as router state. */
export interface ProjectsNoticeState {
  notice: string;
}

export const projectsNotice = (notice: string): ProjectsNoticeState => ({ notice });

export function noticeOf(state: unknown): string | null {
  return typeof state === 'object' && state !== null && typeof (state as ProjectsNoticeState).notice === 'string' ? (state as ProjectsNoticeState).notice : null;
}
