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

/** The public half of the configured key as the TXT record of RFC 6376 (RFC 8463 for Ed25519). */
export function dkimDnsRecord(settings: DkimSettings): DkimDnsRecord {
  const publicKey = createPublicKey(settings.privateKey);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  // RFC 8463: an Ed25519 record holds the bare 32-byte key, the tail of its SPKI form.
  const ed25519 = publicKey.asymmetricKeyType === 'ed25519';
  const key = ed25519 ? spki.subarray(spki.length - 32) : spki;
  return {
    name: `${settings.keySelector}._domainkey.${settings.domainName}`,
    value: `v=DKIM1; k=${ed25519 ? 'ed25519' : 'rsa'}; p=${key.toString('base64')}`,
  };
}
