// Whether CalDAV is shared on the network, kept in the data dir (`caldav/sharing.json`) so the
// choice outlives a restart, and the server that does it: started by the service when the choice
// is on, and by Settings (almanac/v1/caldav/network) when the user turns it on; stopped by either.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import type { CalDavOptions } from '../plugin.ts';
import { certificateDir, loadOrCreateCertificate } from './certificate.ts';
import { startLanServer, type LanServer } from './lan-server.ts';

/** The port asked for first (the next one after the app's 8940); any free one when taken. */
export const DEFAULT_LAN_PORT = 8941;

export interface SharingStatus {
  enabled: boolean;
  /** The addresses a phone on the network may use (one per network interface). */
  addresses: string[];
  /** SHA-256 fingerprint of the certificate, while sharing. */
  fingerprint: string | null;
}

/** This machine's IPv4 addresses on its networks (not loopback). */
export function lanAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry!.address);
}

interface Saved {
  enabled: boolean;
  port?: number;
}

export class NetworkSharing {
  private server: LanServer | undefined;
  private fingerprint: string | null = null;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dataDir: string,
    private readonly caldav: () => CalDavOptions,
    /** Tests bind 127.0.0.1; the real thing every interface. */
    private readonly host = '0.0.0.0',
  ) {}

  private get file(): string {
    return join(certificateDir(this.dataDir), 'sharing.json');
  }

  private saved(): Saved {
    try {
      return existsSync(this.file) ? (JSON.parse(readFileSync(this.file, 'utf8')) as Saved) : { enabled: false };
    } catch {
      return { enabled: false };
    }
  }

  private save(saved: Saved): void {
    mkdirSync(certificateDir(this.dataDir), { recursive: true });
    writeFileSync(this.file, JSON.stringify(saved));
  }

  status(): SharingStatus {
    const port = this.server?.port;
    return {
      enabled: this.server !== undefined,
      addresses: port === undefined ? [] : lanAddresses().map((ip) => `https://${ip}:${port}/caldav/`),
      fingerprint: this.server ? this.fingerprint : null,
    };
  }

  /** Turns sharing on or off, remembering the choice; one change at a time. */
  set(enabled: boolean): Promise<SharingStatus> {
    const next = this.busy.then(async () => {
      if (enabled) await this.start();
      else await this.stop();
      this.save({ enabled, port: this.saved().port });
      return this.status();
    });
    this.busy = next.catch(() => undefined);
    return next;
  }

  /** At start-up: shares again if the user left it on. */
  async resume(): Promise<void> {
    if (this.saved().enabled) await this.set(true);
  }

  private async start(): Promise<void> {
    if (this.server) return;
    const certificate = await loadOrCreateCertificate(this.dataDir, lanAddresses());
    const wanted = this.saved().port ?? DEFAULT_LAN_PORT;
    this.server = await startLanServer({ ...this.caldav(), certificate, port: wanted, host: this.host });
    this.fingerprint = certificate.fingerprint;
    // The port a phone was set up with stays the same next time.
    if (this.server.port !== wanted) this.save({ enabled: true, port: this.server.port });
  }

  /** Stops sharing now (the choice is kept: the service's stop calls this). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    this.fingerprint = null;
    await server?.close();
  }
}
