import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCA, createCert, type Certificate } from 'mkcert';

/** A certificate authority made for the test, and a server certificate from it for localhost / 127.0.0.1. */
export interface TestCa {
  ca: Certificate;
  /** PEM file of the CA, for WEBHOOK_EXTRA_CA_FILE. */
  caFile: string;
  server: Certificate;
  /** A certificate for the same names that no trusted CA signed. */
  selfSigned: Certificate;
}

export async function createTestCa(): Promise<TestCa> {
  const subject = { organization: 'Test CA', countryCode: 'ZZ', state: 'Test', locality: 'Test', validity: 2 };
  const ca = await createCA(subject);
  const server = await createCert({ ca, domains: ['localhost', '127.0.0.1'], validity: 2 });
  const rogue = await createCA({ ...subject, organization: 'Untrusted CA' });
  const selfSigned = await createCert({ ca: rogue, domains: ['localhost', '127.0.0.1'], validity: 2 });
  const caFile = path.join(os.tmpdir(), `test-ca-${process.pid}-${Date.now()}.pem`);
  await writeFile(caFile, ca.cert);
  return { ca, caFile, server, selfSigned };
}
