/** What the running build is: read once at boot (config/build-info.ts), shown by the console and the API description. */
export interface BuildInfo {
  /** Slipway's version, from the root package.json. */
  version: string;
  /** The git commit this build came from, when known at boot. */
  commit: string | null;
  nodeVersion: string;
}
