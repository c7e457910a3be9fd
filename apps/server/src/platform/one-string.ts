/*
 * V8 keeps a string made by appending pieces (`a + b`, a template) as a tree of those pieces until
 * something flattens it, at 32 bytes a piece. Most such strings die young; one held for as long as
 * a connection lives is paid for while it does: a live stream's request id (crypto.randomUUID
 * formats the id piece by piece, 11 pieces) and its response head (Node appends each header, about
 * 30 pieces), 1.1 KB of each stream's 8.5 KB heap
 * (docs/decisions/0143-live-fan-out-past-the-peers.md).
 */

/** The same text, held as one string: its bytes decoded anew (lossless for text without lone surrogates). */
export function asOneString(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}
