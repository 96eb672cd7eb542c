// Serves the built React app (web/dist) with an SPA fallback: any non-API GET that
// is not a file gets index.html, so deep links like /trips/123 work on reload.
// Until the web app has been built, a plain placeholder page says how to build it.
// API-looking paths (api-paths.ts) never get the page: they fall through to a JSON 404.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import express, { type RequestHandler, type Router } from 'express';
import { isApiLooking } from './api-paths';
import { precompressed } from './precompressed';

const PLACEHOLDER = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>TripCost</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>TripCost</h1>
<p>The gateway is running. The web app has not been built yet: run <code>npm run build</code>, or start everything with <code>npm start</code>.</p>
</main></body></html>`;

/** Files at the root whose changes must reach browsers at once. */
const REVALIDATE_ALWAYS = new Set(['sw.js', 'manifest.webmanifest', 'index.html']);

export function webApp(distDir: string): Router {
  const router = express.Router();
  const indexFile = join(distDir, 'index.html');
  router.use(
    '/assets',
    precompressed(join(distDir, 'assets')),
    express.static(join(distDir, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }),
  );
  router.use(
    express.static(distDir, {
      index: false,
      maxAge: '1h',
      // The service worker and the manifest name every other file: a browser must see a
      // new release at once (ADR 0038), so they are revalidated on every fetch.
      setHeaders(res, file) {
        if (REVALIDATE_ALWAYS.has(basename(file))) res.setHeader('cache-control', 'no-cache');
      },
    }),
  );
  const fallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiLooking(req.path)) return next();
    res.setHeader('cache-control', 'no-cache');
    if (existsSync(indexFile)) return res.sendFile(indexFile);
    res.type('html').send(PLACEHOLDER);
  };
  router.use(fallback);
  return router;
}
