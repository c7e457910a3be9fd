import { generateKeyPairSync, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import jsrsasign from 'jsrsasign';

/*
 * For tests: a certificate chain shaped as the App Store's (root CA → Apple Worldwide Developer
 * Relations intermediate → the App Store's signing leaf), ECDSA P-256, made at test time. Apple's
 * verifier (SignedDataVerifier) accepts a chain when the intermediate is a CA signed by a trusted
 * root and carries Apple's marker extension 1.2.840.113635.100.6.2.1, and the leaf is signed by the
 * intermediate and carries 1.2.840.113635.100.6.11.1; these do, under a root a test trusts.
 * With an OCSP address, the leaf and the intermediate name it (Authority Information Access), and
 * each issuer delegates an OCSP responder certificate (extended key usage OCSPSigning), as Apple's
 * do: the verifier's online checks ask it whether they were revoked (local-ocsp.ts answers).
 * node:crypto reads certificates but cannot write them: jsrsasign (the library Apple's verifier
 * itself reads the extensions and OCSP with) writes them.
 */

const APPLE_INTERMEDIATE_MARKER = '1.2.840.113635.100.6.2.1';
const APPLE_LEAF_MARKER = '1.2.840.113635.100.6.11.1';
/** The markers' value in Apple's certificates: ASN.1 NULL. */
const ASN1_NULL_HEX = '0500';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TestCertificateChain {
  /** The chain as JWS's x5c header lists it: leaf, intermediate, root (DER). */
  certificates: [leaf: Buffer, intermediate: Buffer, root: Buffer];
  /** The root (DER): what a verifier that trusts this chain is given. */
  root: Buffer;
  /** The leaf's private key: it signs the JWS. */
  signingKey: KeyObject;
  /** The leaf's and the intermediate's OCSP responders, by their serial number (hex). */
  responders: Map<string, OcspResponderKey>;
}

/** The certificate and key that answer OCSP for one certificate, on its issuer's behalf. */
export interface OcspResponderKey {
  certificatePem: string;
  privatePem: string;
}

interface KeyPair {
  publicPem: string;
  privatePem: string;
  privateKey: KeyObject;
}

/** A fresh chain; `name` tells chains apart in their subjects (e.g. "Outpost Test" and "Elsewhere"). */
export function createTestCertificateChain(name: string, ocspUrl?: string): TestCertificateChain {
  const rootKeys = ecKeyPair();
  const intermediateKeys = ecKeyPair();
  const leafKeys = ecKeyPair();
  const rootName = `/C=US/O=${name}/CN=${name} Root CA - G3`;
  const intermediateName = `/C=US/O=${name}/OU=G6/CN=${name} Worldwide Developer Relations Certification Authority`;
  const leafName = `/C=US/O=${name}/OU=Apple Worldwide Developer Relations/CN=${name} Mac App Store and iTunes Store Receipt Signing`;
  const ocsp: ExtensionParams[] = ocspUrl ? [{ extname: 'authorityInfoAccess', array: [{ ocsp: ocspUrl }] }] : [];
  const root = certificate({
    issuer: rootName,
    subject: rootName,
    subjectKey: rootKeys,
    issuerKey: rootKeys,
    extensions: [{ extname: 'basicConstraints', critical: true, cA: true }],
  });
  const intermediate = certificate({
    issuer: rootName,
    subject: intermediateName,
    subjectKey: intermediateKeys,
    issuerKey: rootKeys,
    extensions: [
      { extname: 'basicConstraints', critical: true, cA: true, pathLen: 0 },
      { extname: APPLE_INTERMEDIATE_MARKER, extn: ASN1_NULL_HEX },
      ...ocsp,
    ],
  });
  const leaf = certificate({
    issuer: intermediateName,
    subject: leafName,
    subjectKey: leafKeys,
    issuerKey: intermediateKeys,
    extensions: [
      { extname: 'basicConstraints', critical: true, cA: false },
      { extname: APPLE_LEAF_MARKER, extn: ASN1_NULL_HEX },
      ...ocsp,
    ],
  });
  const responders = new Map([
    [
      serialOf(leaf),
      ocspResponder(`/C=US/O=${name}/CN=${name} WWDR OCSP Responder`, intermediateName, intermediateKeys),
    ],
    [serialOf(intermediate), ocspResponder(`/C=US/O=${name}/CN=${name} Root OCSP Responder`, rootName, rootKeys)],
  ]);
  return { certificates: [leaf, intermediate, root], root, signingKey: leafKeys.privateKey, responders };
}

/** A certificate's serial number as OCSP requests name it (hex). */
export function serialOf(der: Buffer): string {
  return new X509Certificate(der).serialNumber.toLowerCase();
}

function ocspResponder(subject: string, issuer: string, issuerKey: KeyPair): OcspResponderKey {
  const keys = ecKeyPair();
  const der = certificate({
    issuer,
    subject,
    subjectKey: keys,
    issuerKey,
    extensions: [
      { extname: 'basicConstraints', critical: true, cA: false },
      { extname: 'extKeyUsage', array: [{ name: 'ocspSigning' }] },
    ],
  });
  return { certificatePem: new X509Certificate(der).toString(), privatePem: keys.privatePem };
}

function ecKeyPair(): KeyPair {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    privateKey,
  };
}

type ExtensionParams =
  | { extname: 'basicConstraints'; critical: boolean; cA: boolean; pathLen?: number }
  | { extname: 'authorityInfoAccess'; array: { ocsp: string }[] }
  | { extname: 'extKeyUsage'; array: { name: string }[] }
  | { extname: string; extn: string };

function certificate(spec: {
  issuer: string;
  subject: string;
  subjectKey: KeyPair;
  issuerKey: KeyPair;
  extensions: ExtensionParams[];
}): Buffer {
  const now = Date.now();
  const params = {
    version: 3,
    serial: { hex: `01${randomBytes(8).toString('hex')}` },
    issuer: { str: spec.issuer },
    subject: { str: spec.subject },
    notbefore: utcTime(new Date(now - DAY_MS)),
    notafter: utcTime(new Date(now + 365 * DAY_MS)),
    sbjpubkey: spec.subjectKey.publicPem,
    ext: spec.extensions,
    sigalg: 'SHA256withECDSA',
    cakey: spec.issuerKey.privatePem,
  };
  // @types/jsrsasign names `ext` entries narrower than jsrsasign 11 takes (private OIDs with `extn`).
  const pem = new jsrsasign.KJUR.asn1.x509.Certificate(
    params as unknown as jsrsasign.KJUR.asn1.x509.X509CertificateParams,
  ).getPEM();
  return new X509Certificate(pem).raw;
}

/** ASN.1 UTCTime as jsrsasign takes it: YYMMDDHHMMSSZ. */
function utcTime(date: Date): string {
  return `${date.toISOString().replace(/[-:T]/g, '').slice(2, 14)}Z`;
}
