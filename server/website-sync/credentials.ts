// Where a website's application password is kept: never in the calendar file, never in a log.
// The service takes a CredentialStore; the command line and the headless service (`npm start`
// without a window, `almanac serve`) use FileCredentialStore — a JSON file in the data folder that
// only the user may read (mode 0600) — and the desktop app passes its own over Electron's
// safeStorage, the operating system's keychain (electron/website-credentials.ts), which also reads
// what the command line stored here.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

export interface WebsiteCredential {
  login: string;
  password: string;
}

export interface CredentialStore {
  /** Where the passwords are, in words (Settings and `website status` say it). */
  readonly where: string;
  /** The same for the UI to say in its own language: the keychain, or a file (and whether a keychain was missing). */
  readonly place: PasswordPlace;
  get(key: string): Promise<WebsiteCredential | undefined>;
  set(key: string, credential: WebsiteCredential): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface PasswordPlace {
  kind: 'keychain' | 'file' | 'file_no_keychain';
  file: string;
}

export const CREDENTIALS_FILE = 'website-passwords.json';

/** A new key for a connection's password (random: it says nothing of the site or the user). */
export const newCredentialKey = () => `website-${randomBytes(12).toString('base64url')}`;

/**
 * A JSON file `{key: {login, password}}` readable and writable by the user only. Written whole to
 * a temporary file (created 0600) and renamed over the old one, so a crash never leaves half a file
 * and the password is never readable by others, not even for a moment.
 */
export class FileCredentialStore implements CredentialStore {
  readonly file: string;
  readonly where: string;
  readonly place: PasswordPlace;

  constructor(dataDir: string) {
    this.file = join(dataDir, CREDENTIALS_FILE);
    this.where = `${this.file} (readable by you only)`;
    this.place = { kind: 'file', file: this.file };
  }

  private read(): Record<string, WebsiteCredential> {
    if (!existsSync(this.file)) return {};
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, WebsiteCredential>;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, WebsiteCredential>): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(all, null, 2), { mode: 0o600 });
    chmodSync(temporary, 0o600); // a umask cannot widen it, but an existing file keeps its mode
    renameSync(temporary, this.file);
  }

  async get(key: string): Promise<WebsiteCredential | undefined> {
    return this.read()[key];
  }

  async set(key: string, credential: WebsiteCredential): Promise<void> {
    this.write({ ...this.read(), [key]: { login: credential.login, password: credential.password } });
  }

  async delete(key: string): Promise<void> {
    const all = this.read();
    if (!(key in all)) return;
    delete all[key];
    this.write(all);
  }
}
