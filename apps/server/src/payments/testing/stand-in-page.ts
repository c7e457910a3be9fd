import type { ServerResponse } from 'node:http';
import { escapeHtml } from '../../platform/http/document-head';

/**
 * A page a local service shows the buyer in place of the real one (Stripe's hosted Checkout,
 * PayPal's approval page): `standsFor` names it, so nobody mistakes it for the service's own.
 */
export function standInPage(title: string, standsFor: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${standsFor}</p>
${body}
</main>
</body>
</html>
`;
}

/** A stand-in page's answer: HTML that runs nothing (its form may send the browser on to the merchant). */
export function sendStandInPage(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  });
  response.end(html);
}
