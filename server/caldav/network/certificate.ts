// The certificate "Share on my network" serves CalDAV with: self-signed, made once by Almanac and
// kept in the data dir (the private key readable by its owner only), so a phone that trusted it
// keeps trusting it. Made with `selfsigned` (node's WebCrypto underneath, through @peculiar/x509)
// rather than an X.509 encoder of our own: certificate encoding is exactly the kind of code whose
// mistakes stay invisible until one client refuses it. Users compare its SHA-256 fingerprint,
// shown in Settings, with what their phone shows.
import { X509Certificate } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import selfsigned from 'selfsigned';

export interface ServerCertificate {
  cert: string;
  key: string;
  /** `AB:CD:…`, SHA-256 of the DER certificate (what phones show). */
  fingerprint: string;
}

/** 825 days: the longest validity Apple's systems accept for a TLS server certificate. */
const VALID_DAYS = 825;
/** Made anew when it has less than this left. */
const RENEW_BEFORE_DAYS = 30;

export const certificateDir = (dataDir: string) => join(dataDir, 'caldav');

function usable(cert: string): boolean {
  try {
    const parsed = new X509Certificate(cert);
    return Date.parse(parsed.validTo) - Date.now() > RENEW_BEFORE_DAYS * 86_400_000;
  } catch {
    return false;
  }
}

/** The data dir's certificate, made (for `addresses` and this machine's name) when missing or expiring. */
export async function loadOrCreateCertificate(dataDir: string, addresses: string[]): Promise<ServerCertificate> {
  const dir = certificateDir(dataDir);
  const certFile = join(dir, 'cert.pem');
  const keyFile = join(dir, 'key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) {
    const cert = readFileSync(certFile, 'utf8');
    if (usable(cert))
      return { cert, key: readFileSync(keyFile, 'utf8'), fingerprint: new X509Certificate(cert).fingerprint256 };
  }
  const name = hostname() || 'almanac';
  const notBefore = new Date(Date.now() - 60_000);
  const pems = await selfsigned.generate([{ name: 'commonName', value: `Almanac on ${name}` }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate: notBefore,
    notAfterDate: new Date(notBefore.getTime() + VALID_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2 as const, value: name },
          { type: 2 as const, value: `${name}.local` },
          { type: 2 as const, value: 'localhost' },
          ...addresses.map((ip) => ({ type: 7 as const, ip })),
        ],
      },
    ],
  });
  mkdirSync(dir, { recursive: true });
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  chmodSync(keyFile, 0o600);
  writeFileSync(certFile, pems.cert);
  return { cert: pems.cert, key: pems.private, fingerprint: new X509Certificate(pems.cert).fingerprint256 };
}
