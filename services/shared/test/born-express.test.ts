// A service's server makes its requests and responses Express's from birth
// (born-express.ts): the prototype swap Express does per request is then a
// no-op, and every route — direct, with parameters, unknown — answers as before.
import { IncomingMessage, ServerResponse, createServer } from 'node:http';
import express from 'express';
import { z } from 'zod';
import { createServiceApp, createTokenVerifier, defineRoute, Lifecycle, listen, type RevokedUsers } from '../src';
import { bornExpressOptions } from '../src/born-express';
import { silentLogger, testKeys, testUser, tokenFor } from '../src/testing';

const noRevocations = { isRevoked: async () => false, revokedNow: () => false } as unknown as RevokedUsers;

describe('requests born Express', () => {
  it('when a listener is no Express app, then the server keeps Node’s classes', () => {
    expect(bornExpressOptions((_req, res) => res.end())).toEqual({});
  });

  it('when an Express app is listened to, then its requests and responses have its prototypes before it sees them', async () => {
    const app = express();
    const options = bornExpressOptions(app);
    expect(bornExpressOptions(app)).toBe(options);
    const appWithPrototypes = app as unknown as { request: object; response: object };
    const seen: boolean[] = [];
    const server = createServer(options, (req, res) => {
      seen.push(Object.getPrototypeOf(req) === appWithPrototypes.request);
      seen.push(Object.getPrototypeOf(res) === appWithPrototypes.response);
      seen.push(req instanceof IncomingMessage && res instanceof ServerResponse);
      app(req, res);
    });
    app.get('/who', (req, res) => {
      res.status(201).json({ app: req.app === app, path: req.path });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const answer = await fetch(`http://127.0.0.1:${port}/who?x=1`);
      expect(answer.status).toBe(201);
      expect(await answer.json()).toEqual({ app: true, path: '/who' });
      expect(seen).toEqual([true, true, true]);
    } finally {
      server.close();
    }
  });

  it('when a service listens, then direct routes, routes with parameters and unknown paths answer as through Express', async () => {
    const lifecycle = new Lifecycle();
    const app = createServiceApp({
      name: 'born',
      logger: silentLogger(),
      lifecycle,
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers: noRevocations,
      readiness: {},
      routes: (ctx) => {
        defineRoute(ctx, {
          method: 'get',
          path: '/api/notes',
          summary: 'List',
          auth: 'required',
          responses: { 200: 'Notes' },
          handler: ({ user, req }) => ({ body: { email: user.email, id: req.get('x-request-id') ?? null } }),
        });
        defineRoute(ctx, {
          method: 'get',
          path: '/api/notes/:noteId',
          summary: 'One',
          auth: 'none',
          params: z.object({ noteId: z.string() }),
          responses: { 200: 'Note' },
          handler: ({ params }) => ({ body: { noteId: params.noteId } }),
        });
      },
    });
    const running = await listen(app, { port: 0, host: '127.0.0.1', lifecycle, logger: silentLogger() });
    try {
      const user = testUser();
      const listed = await fetch(`${running.url}/api/notes`, {
        headers: { authorization: `Bearer ${tokenFor(user)}`, 'x-request-id': 'born-1' },
      });
      expect(listed.status).toBe(200);
      expect(listed.headers.get('x-request-id')).toBe('born-1');
      expect(listed.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await listed.json()).toEqual({ email: user.email, id: 'born-1' });
      const refused = await fetch(`${running.url}/api/notes`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual(expect.objectContaining({ msg: expect.any(String) }));
      const one = await fetch(`${running.url}/api/notes/n1`);
      expect(await one.json()).toEqual({ noteId: 'n1' });
      expect((await fetch(`${running.url}/nowhere`)).status).toBe(404);
    } finally {
      await running.stop();
    }
  });
});
