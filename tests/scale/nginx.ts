import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/testing/server-process';

const SHIPPED_CONFIG = path.join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'outpost.conf');

/** Replaces `from` in `text`, loudly when the shipped configuration no longer has it. */
function replaceIn(text: string, from: string | RegExp, to: string): string {
  const replaced = text.replace(from, to);
  if (replaced === text) throw new Error(`deploy/nginx/outpost.conf no longer has ${from}: update the scale test.`);
  return replaced;
}

export interface ReverseProxy {
  /** https://localhost:<port>: the site as players reach it. */
  origin: string;
  stop(): Promise<void>;
}

async function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's nginx with the repository's own configuration (deploy/nginx/outpost.conf), changed only
 * where a deployment changes it: the instances in the upstream, the ports, the name and the
 * certificate (SCALE_TLS_DIR, from tls.ts). Everything else (TLS, HTTP/2, the live streams'
 * location, the proxy headers, /metrics closed) is what operators install.
 */
export async function startProxy(instances: readonly URL[], httpsPort: number): Promise<ReverseProxy> {
  const tlsDir = process.env.SCALE_TLS_DIR;
  if (!tlsDir) throw new Error('The scale tests run under tests/scale/tls.ts (npm run test:scale).');
  const httpPort = await freePort();
  let site = fs.readFileSync(SHIPPED_CONFIG, 'utf8');
  site = replaceIn(
    site,
    / {4}server 127\.0\.0\.1:3000;\n {4}# server 127\.0\.0\.1:3001;\n/,
    instances.map((instance) => `    server ${instance.host};\n`).join(''),
  );
  site = replaceIn(site, / {4}listen 80;\n {4}listen \[::\]:80;\n/, `    listen 127.0.0.1:${httpPort};\n`);
  site = replaceIn(
    site,
    / {4}listen 443 ssl http2;\n {4}listen \[::\]:443 ssl http2;\n/,
    `    listen 127.0.0.1:${httpsPort} ssl http2;\n`,
  );
  site = replaceIn(site, /server_name outpost\.example;/g, 'server_name localhost;');
  site = replaceIn(site, '/etc/letsencrypt/live/outpost.example/fullchain.pem', path.join(tlsDir, 'cert.pem'));
  site = replaceIn(site, '/etc/letsencrypt/live/outpost.example/privkey.pem', path.join(tlsDir, 'key.pem'));

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outpost-nginx-'));
  fs.writeFileSync(path.join(dir, 'outpost.conf'), site);
  // The main file a Debian install has around sites-enabled, with this test's own folders.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${dir}/${kind};`),
      `  include ${dir}/outpost.conf;`,
      '}',
    ].join('\n'),
  );
  const nginx: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', `${dir}/error.log`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  for (let attempt = 0; !(await acceptsConnections(httpsPort)); attempt += 1) {
    if (nginx.exitCode !== null || attempt > 200) {
      nginx.kill('SIGKILL');
      throw new Error(`nginx did not start: ${stderr}${fs.readFileSync(`${dir}/error.log`, 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    origin: `https://localhost:${httpsPort}`,
    async stop() {
      nginx.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
