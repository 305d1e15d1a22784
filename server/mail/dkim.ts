/**
 * DKIM (issue 28): Gmail and Yahoo require bulk senders to sign. nodemailer signs every message
 * itself when given the `dkim` option; what is left is the DNS record receivers check the
 * signature against, which `npm start` prints so the one who deploys can publish it.
 */
import { createPublicKey } from 'node:crypto';
import type { DkimSettings } from '../config.ts';

export interface DkimDnsRecord {
  /** The TXT record's name: `<selector>._domainkey.<domain>`. */
  name: string;
  /** The TXT record's value, e.g. `v=DKIM1; k=rsa; p=MIIBIjAN...`. */
  value: string;
}

/** The public half of the configured RSA key as the TXT record of RFC 6376. */
export function dkimDnsRecord(settings: DkimSettings): DkimDnsRecord {
  const spki = createPublicKey(settings.privateKey).export({ type: 'spki', format: 'der' });
  return {
    name: `${settings.keySelector}._domainkey.${settings.domainName}`,
    value: `v=DKIM1; k=rsa; p=${spki.toString('base64')}`,
  };
}
