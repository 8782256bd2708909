import { Readable } from 'node:stream';
import type { RestReply } from './operation-route';

/** A CSV download (contract §18): the operation's chunks of text streamed as `text/csv`, never joined into one string. */
export const CSV_REPLY: RestReply<Iterable<string>> = {
  body: (chunks, res) => {
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    return Readable.from(chunks);
  },
};
