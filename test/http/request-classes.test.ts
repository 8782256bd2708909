import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { requestClasses } from '../../src/http/request-classes';

interface Seen {
  /** The request's prototype when the server handed it over, before express saw it. */
  bornWith: object | null;
  handledWith: object | null;
  sameApp: boolean;
  host: string | undefined;
}

/** An HTTP server built as the service builds its own: classes made for one express app, a listener in front of express. */
async function served(name: string): Promise<{ app: Express; server: Server; url: string; seen: Seen[] }> {
  const classes = requestClasses();
  const app = express();
  classes.adopt(app);
  const seen: Seen[] = [];
  const bornWith = new WeakMap<IncomingMessage, object | null>();
  app.get('/who', (req, res) => {
    seen.push({
      bornWith: bornWith.get(req) ?? null,
      handledWith: Object.getPrototypeOf(req) as object | null,
      sameApp: req.app === app,
      host: req.get('host'),
    });
    res.json({ name });
  });
  const server = createServer({ IncomingMessage: classes.IncomingMessage, ServerResponse: classes.ServerResponse }, (req, res) => {
    bornWith.set(req, Object.getPrototypeOf(req) as object | null);
    void app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('request classes: every request is born with the prototype express gives it', () => {
  it('express finds its own prototype already in place, and each of two servers in one process keeps its own app', async () => {
    const first = await served('first');
    const second = await served('second');
    try {
      for (const { url, app, seen } of [first, second]) {
        const answer = await fetch(`${url}/who`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(await answer.json()).toEqual({ name: app === first.app ? 'first' : 'second' });
        expect(seen).toHaveLength(1);
        const [request] = seen;
        // Identity, not likeness: prototypes that merely look alike still give objects two shapes.
        expect(request?.bornWith).toBe(app.request);
        expect(request?.handledWith).toBe(app.request);
        expect(request).toMatchObject({ sameApp: true, host: new URL(url).host });
      }
      expect(first.app.request).not.toBe(second.app.request);
    } finally {
      first.server.close();
      second.server.close();
    }
  });
});
