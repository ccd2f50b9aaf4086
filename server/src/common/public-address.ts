/**
 * Where users reach this Slipway, for the URLs it shows them (git clone URLs): SLIPWAY_PUBLIC_URL, else
 * http://localhost:<port> once the API listens; null before that (and in a worker, which serves nothing).
 */
export class PublicAddress {
  private port: number | null = null;

  constructor(private readonly configured: string | undefined) {}

  listening(port: number): void {
    this.port = port;
  }

  url(): string | null {
    return this.configured ?? (this.port === null ? null : `http://localhost:${this.port}`);
  }
}
