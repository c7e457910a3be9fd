import { z } from 'zod/mini';

/**
 * Push devices (docs/decisions/0057-push-devices.md): the game's client registers the device a signed-in player uses,
 * so admins' notifications reach it. The Firebase SDKs send the messaging token with every callable
 * call (`Firebase-Instance-ID-Token`); clients without them use POST and DELETE /api/push/devices.
 */

/** The header the Firebase SDKs' callable clients carry the device's messaging token in. */
export const MESSAGING_TOKEN_HEADER = 'firebase-instance-id-token';

export const PUSH_PLATFORMS = ['ios', 'android', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/**
 * The longest token taken. FCM registration tokens are about 150–200 characters today, but Google
 * documents no fixed length and says they may change; 4,096 characters (about 4 KB, the size
 * commonly given as their ceiling) takes any real token while no request can park more per row.
 * The store keys tokens by their SHA-256, so the length never meets an index's entry limit.
 */
export const PUSH_TOKEN_MAX_LENGTH = 4096;

/** Devices one player keeps; registering another forgets the one seen longest ago. */
export const PUSH_DEVICES_PER_PLAYER = 10;

export const PUSH_MESSAGES = {
  body: 'Send a JSON object with the device’s token.',
  token: `A device token is 1 to ${PUSH_TOKEN_MAX_LENGTH} visible characters (letters, digits and punctuation, no spaces), as the push service gave it.`,
  platform: `The platform must be one of ${PUSH_PLATFORMS.join(', ')}.`,
} as const;

/** Tokens are opaque ASCII (FCM's use letters, digits, `:`, `-` and `_`; APNs' are hex): no spaces or control characters. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

export const pushTokenSchema = z
  .string({ error: PUSH_MESSAGES.token })
  .check(
    z.minLength(1, { error: PUSH_MESSAGES.token }),
    z.maxLength(PUSH_TOKEN_MAX_LENGTH, { error: PUSH_MESSAGES.token }),
    z.regex(VISIBLE_ASCII, { error: PUSH_MESSAGES.token }),
  );

export const pushPlatformSchema = z.enum(PUSH_PLATFORMS, { error: PUSH_MESSAGES.platform });

/** POST /api/push/devices: this device's token, for the signed-in player. */
export const registerPushDeviceSchema = z.object(
  { token: pushTokenSchema, platform: pushPlatformSchema },
  { error: PUSH_MESSAGES.body },
);
export type RegisterPushDevice = z.infer<typeof registerPushDeviceSchema>;

/** DELETE /api/push/devices: the player signs out on this device, so it should get no more of their notifications. */
export const unregisterPushDeviceSchema = z.object({ token: pushTokenSchema }, { error: PUSH_MESSAGES.body });

export const registeredPushDeviceSchema = z.object({
  platform: pushPlatformSchema,
  /** ISO 8601: when this player registered the device. */
  registeredAt: z.string(),
  lastSeen: z.string(),
});
export type RegisteredPushDevice = z.infer<typeof registeredPushDeviceSchema>;

/** `removed` is false when the token was not the player's (already gone, or another player's now). */
export const unregisteredPushDeviceSchema = z.object({ removed: z.boolean() });
