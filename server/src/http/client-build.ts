/**
 * Resolves once the client is built, when `npm start` (scripts/start.mjs) builds it while this process boots. Over
 * the IPC channel this process asks ('await-client') once it listens, so that no answer can come before anyone
 * listens; the script answers 'client-built' once the build is done, or 'client-failed', which rejects, as does
 * the channel closing first (the script was stopped) and SIGINT or SIGTERM meanwhile (Ctrl-C during a first start):
 * the boot then stops what it started, its database included, instead of dying with it running. Without
 * `awaitClientBuild`, or without an IPC channel, the client is as built as it will be.
 */
/** The client did not get built; `npm start` has said why. */
export class ClientBuildError extends Error {}

export function watchClientBuild(awaitClientBuild: boolean | undefined): Promise<void> {
  if (!awaitClientBuild || !process.send) return Promise.resolve();
  const built = new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: ClientBuildError) => {
      if (settled) return;
      settled = true;
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      // The channel has done its work: it must not keep either process alive.
      if (process.connected) process.disconnect();
      if (!error) {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        resolve();
        return;
      }
      // A failed wait stops the boot; a further signal (npm passes one on) must not cut that stop short, so the
      // signal handlers stay until the process exits.
      reject(error);
    };
    const onMessage = (message: unknown) => {
      if (message === 'client-built') settle();
      else if (message === 'client-failed') settle(new ClientBuildError('the client build failed'));
    };
    const onDisconnect = () => settle(new ClientBuildError('npm start stopped before the client was built'));
    const onSignal = (signal: NodeJS.Signals) => settle(new ClientBuildError(`stopped (${signal}) while the client was building`));
    process.on('message', onMessage);
    process.once('disconnect', onDisconnect);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    process.send!('await-client');
  });
  // Whoever boots the API awaits it; until then a rejection is not unhandled.
  built.catch(() => undefined);
  return built;
}
