import fs from 'node:fs';
import path from 'node:path';
import type { CreateEpisodeInput } from '@outpost/contracts/theater';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { SignedIn } from '../identity/testing';

/** Test helpers for the theater's back office, driven through `inject` as the admin screens call it. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A JSON call of the admin API as `caller`, in development unless the url names another environment. */
export function adminCall(
  app: FastifyInstance,
  caller: SignedIn,
  method: Method,
  url: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `/api/admin/development/theater${url}`,
    headers: { authorization: caller.bearer },
    ...(payload ? { payload } : {}),
  });
}

export function newEpisodeInput(overrides: Partial<CreateEpisodeInput> = {}): CreateEpisodeInput {
  return {
    season: 1,
    episode: 1,
    title: 'The Signal',
    url: null,
    youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ...overrides,
  };
}

/** A multipart body holding one file, as a browser's FormData sends a file input. */
export async function imageUploadBody(
  bytes: Buffer,
  file: { name?: string; type?: string; field?: string } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(file.field ?? 'image', new Blob([bytes], { type: file.type ?? 'image/png' }), file.name ?? 'banner.png');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** Uploads one file to an image route (`/episodes/:id/banner`, `/videos/:id/thumbnail`). */
export async function uploadImage(
  app: FastifyInstance,
  caller: SignedIn,
  url: string,
  bytes: Buffer,
  file: Parameters<typeof imageUploadBody>[1] = {},
): Promise<LightMyRequestResponse> {
  const body = await imageUploadBody(bytes, file);
  return app.inject({
    method: 'PUT',
    url: `/api/admin/development/theater${url}`,
    headers: { authorization: caller.bearer, ...body.headers },
    payload: body.payload,
  });
}

/** The files stored for an episode or a video in development's local file store, sorted. */
export function storedImages(dataDir: string, folder: 'episodes' | 'videos', id: string): string[] {
  const directory = path.join(dataDir, 'files', 'development', 'theater', folder, id);
  return fs.existsSync(directory) ? fs.readdirSync(directory).sort() : [];
}
