// The desktop app's website passwords: sealed by Electron's safeStorage (the system keychain; here a
// fake one that really transforms the bytes), never in the clear on disk; one stored by the command
// line is still found and moves into the keychain; without a keychain, the user-only file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KEYCHAIN_FILE, KeychainCredentialStore, type SafeStorageLike } from '../../electron/website-credentials.ts';
import { CREDENTIALS_FILE, FileCredentialStore } from '../../server/website-sync/credentials.ts';

class FakeSafeStorage implements SafeStorageLike {
  constructor(private readonly available = true) {}
  isEncryptionAvailable(): boolean {
    return this.available;
  }
  encryptString(text: string): Buffer {
    return Buffer.from(Buffer.from(text, 'utf8').map((byte) => byte ^ 0x5a));
  }
  decryptString(sealed: Buffer): string {
    return Buffer.from(sealed.map((byte) => byte ^ 0x5a)).toString('utf8');
  }
}

const secret = { login: 'editor', password: 'abcd efgh ijkl mnop' };

test('passwords are sealed by the keychain, in a file only the user may read, and read back', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-keychain-'));
  try {
    const store = new KeychainCredentialStore(dir, new FakeSafeStorage());
    assert.match(store.where, /keychain/);
    assert.equal(store.place.kind, 'keychain');
    await store.set('k1', secret);
    const file = join(dir, KEYCHAIN_FILE);
    assert.equal(statSync(file).mode & 0o777, 0o600);
    assert.doesNotMatch(readFileSync(file, 'utf8'), /abcd|editor/, 'never in the clear');
    assert.deepEqual(await new KeychainCredentialStore(dir, new FakeSafeStorage()).get('k1'), secret);
    await store.delete('k1');
    assert.equal(await store.get('k1'), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a password the command line stored is found, and moves into the keychain when saved again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-keychain-'));
  try {
    await new FileCredentialStore(dir).set('k2', secret);
    const store = new KeychainCredentialStore(dir, new FakeSafeStorage());
    assert.deepEqual(await store.get('k2'), secret);
    await store.set('k2', { ...secret, password: 'new new new new' });
    assert.doesNotMatch(readFileSync(join(dir, CREDENTIALS_FILE), 'utf8'), /k2/, 'gone from the plain file');
    assert.equal((await store.get('k2'))?.password, 'new new new new');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('without a keychain (a Linux without one), the user-only file, and Settings says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'almanac-keychain-'));
  try {
    const store = new KeychainCredentialStore(dir, new FakeSafeStorage(false));
    assert.match(store.where, /website-passwords\.json \(readable by you only\) — this system offers no keychain/);
    // The UI says it in its own language from this.
    assert.deepEqual(store.place, { kind: 'file_no_keychain', file: join(dir, 'website-passwords.json') });
    await store.set('k3', secret);
    assert.equal(statSync(join(dir, CREDENTIALS_FILE)).mode & 0o777, 0o600);
    assert.deepEqual(await store.get('k3'), secret);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
