import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { ABOUT_TITLE } from './features/about/about-screen';
import { DOWNLOAD_TITLE } from './features/download/download-screen';
import { legalTitle } from './features/legal/legal-screen';
import { NOT_FOUND_TITLE } from './features/not-found/not-found-screen';
import { SITE_TITLE } from './lib/page-title';

/**
 * The public pages the build renders to HTML (scripts/build.ts writes them into dist/, the
 * server serves each for its path). `modules` are the lazy screens the page hydrates, so the
 * HTML can preload their chunks beside the entry instead of after it.
 */
export interface PrerenderedPage {
  /** The location rendered. */
  path: string;
  /** Where the HTML goes under dist/: the server's convention (apps/server/src/platform/http/spa.ts). */
  file: string;
  title: string;
  modules: readonly string[];
}

export const PAGES: readonly PrerenderedPage[] = [
  { path: '/', file: 'index.html', title: SITE_TITLE, modules: [] },
  { path: '/about/', file: 'about/index.html', title: ABOUT_TITLE, modules: ['src/features/about/about-screen.tsx'] },
  {
    path: '/download/',
    file: 'download/index.html',
    title: DOWNLOAD_TITLE,
    modules: ['src/features/download/download-screen.tsx'],
  },
  {
    path: '/terms',
    file: 'terms/index.html',
    title: legalTitle('terms'),
    modules: ['src/features/legal/legal-screen.tsx'],
  },
  {
    path: '/privacy',
    file: 'privacy/index.html',
    title: legalTitle('privacy'),
    modules: ['src/features/legal/legal-screen.tsx'],
  },
  {
    // Any path the route table does not know renders the same screen.
    path: '/404',
    file: '404.html',
    title: NOT_FOUND_TITLE,
    modules: ['src/features/not-found/not-found-screen.tsx'],
  },
];

/**
 * The app's markup at `path`, once every lazy part has loaded: what hydration will find. No
 * boundary is split out of place (React would move it with an inline script, which the CSP
 * refuses), so the markup is plain HTML.
 */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(<App location={path} />, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const markup = await new Response(prelude).text();
  if (/<script|<template/i.test(markup)) throw new Error(`Prerendering ${path} produced a script or template.`);
  return markup;
}
