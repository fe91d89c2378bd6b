// Website passwords in the desktop app: encrypted with Electron's safeStorage — the operating
// system's keychain (Keychain on macOS, DPAPI on Windows, the Secret Service / kwallet on Linux) —
// and kept as ciphertext in a file of the data dir only the user may read. A password stored by
// the command line (in the plain file it uses) is still found, and moves into the keychain the
// next time it is saved. Where the system offers no keychain (a Linux without one), the plain file
// is used, and Settings says so. Thin on purpose: tested under plain Node with a fake safeStorage.
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FileCredentialStore,
  type CredentialStore,
  type PasswordPlace,
  type WebsiteCredential,
} from '../server/website-sync/credentials.ts';

/** The part of Electron's safeStorage this uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export const KEYCHAIN_FILE = 'website-passwords.keychain.json';

export class KeychainCredentialStore implements CredentialStore {
  private readonly file: string;
  private readonly plain: FileCredentialStore;

  constructor(
    dataDir: string,
    private readonly safeStorage: SafeStorageLike,
  ) {
    this.file = join(dataDir, KEYCHAIN_FILE);
    this.plain = new FileCredentialStore(dataDir);
  }

  get place(): PasswordPlace {
    return this.safeStorage.isEncryptionAvailable()
      ? { kind: 'keychain', file: this.file }
      : { kind: 'file_no_keychain', file: this.plain.file };
  }

  get where(): string {
    return this.safeStorage.isEncryptionAvailable()
      ? "your system's keychain (encrypted with it, in the data folder)"
      : `${this.plain.where} — this system offers no keychain`;
  }

  private read(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, string>;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, string>): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(all, null, 2), { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }

  async get(key: string): Promise<WebsiteCredential | undefined> {
    const sealed = this.read()[key];
    if (sealed !== undefined && this.safeStorage.isEncryptionAvailable()) {
      try {
        return JSON.parse(this.safeStorage.decryptString(Buffer.from(sealed, 'base64'))) as WebsiteCredential;
      } catch {
        return undefined; // sealed by another user or machine: connect again
      }
    }
    return this.plain.get(key);
  }

  async set(key: string, credential: WebsiteCredential): Promise<void> {
    if (!this.safeStorage.isEncryptionAvailable()) return this.plain.set(key, credential);
    const sealed = this.safeStorage.encryptString(
      JSON.stringify({ login: credential.login, password: credential.password }),
    );
    this.write({ ...this.read(), [key]: sealed.toString('base64') });
    await this.plain.delete(key);
  }

  async delete(key: string): Promise<void> {
    const all = this.read();
    if (key in all) {
      delete all[key];
      this.write(all);
    }
    await this.plain.delete(key);
  }
}
