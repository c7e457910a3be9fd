import jsrsasign from 'jsrsasign';
import type { OcspResponderKey } from './test-certificates';

/*
 * For tests: OCSP answers (RFC 6960) for the test chains, as Apple's responder gives them to the
 * verifier's online checks: a basic response signed by the issuer's delegated responder, which it
 * carries, naming the asked certificate good or revoked.
 */

/** One certificate asked about: hashes of its issuer's name and key, and its serial number (hex). */
interface CertId {
  alg: string;
  issname: string;
  isskey: string;
  sbjsn: string;
}

/** jsrsasign 11's OCSP request parser and response writer, which @types/jsrsasign does not describe. */
interface JsrsasignOcsp {
  OCSPParser: new () => { getOCSPRequest(hex: string): { array: CertId[] } };
  OCSPResponse: new (params: object) => { tohex(): string };
}

const ocsp = jsrsasign.KJUR.asn1.ocsp as unknown as JsrsasignOcsp;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The DER answer to a DER OCSP request: the status of the certificate it asks about, or
 * `unauthorized` (RFC 6960's answer for a certificate the responder does not serve).
 */
export function ocspAnswer(
  request: Buffer,
  responders: ReadonlyMap<string, OcspResponderKey>,
  revoked: ReadonlySet<string>,
): Buffer {
  let certId: CertId | undefined;
  try {
    certId = new ocsp.OCSPParser().getOCSPRequest(request.toString('hex')).array[0];
  } catch {
    return Buffer.from(new ocsp.OCSPResponse({ resstatus: 'malformedRequest' }).tohex(), 'hex');
  }
  const serial = certId?.sbjsn.toLowerCase() ?? '';
  const responder = responders.get(serial);
  if (!certId || !responder) return Buffer.from(new ocsp.OCSPResponse({ resstatus: 'unauthorized' }).tohex(), 'hex');
  const now = Date.now();
  const response = new ocsp.OCSPResponse({
    resstatus: 'successful',
    restype: 'ocspBasic',
    respid: { name: responder.certificatePem },
    prodat: generalizedTime(now),
    array: [
      {
        certid: certId,
        status: revoked.has(serial) ? { status: 'revoked', time: generalizedTime(now) } : { status: 'good' },
        thisupdate: generalizedTime(now),
        nextupdate: generalizedTime(now + DAY_MS),
      },
    ],
    sigalg: 'SHA256withECDSA',
    reskey: responder.privatePem,
    certs: [responder.certificatePem],
  });
  return Buffer.from(response.tohex(), 'hex');
}

/** ASN.1 GeneralizedTime as jsrsasign takes it: YYYYMMDDHHMMSSZ. */
function generalizedTime(milliseconds: number): string {
  return `${new Date(milliseconds).toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;
}
