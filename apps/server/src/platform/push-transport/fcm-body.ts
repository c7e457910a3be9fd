import type { PushMessage } from './sender';

/**
 * One message's `messages:send` body for any token: the JSON is rendered once per message with a
 * mark where the token goes, and each device's body is the two halves around its token (a
 * JSON.stringify of the token alone), not a JSON.stringify of the whole message per device.
 */
export function sendBodies(message: PushMessage): (token: string) => Buffer {
  const mark = '\u0000token\u0000';
  const rendered = JSON.stringify({
    message: {
      token: mark,
      notification: { title: message.title, body: message.body },
      ...(message.data === undefined ? {} : { data: message.data }),
    },
  });
  const quotedMark = JSON.stringify(mark);
  const at = rendered.indexOf(quotedMark);
  const before = rendered.slice(0, at);
  const after = rendered.slice(at + quotedMark.length);
  return (token) => Buffer.from(before + JSON.stringify(token) + after, 'utf8');
}
