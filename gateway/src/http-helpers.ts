// Small helpers for the gateway's lean API path, which runs on Node's own request
// and response objects rather than Express's.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeAnswerHead } from './header-list';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: object,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const payload = JSON.stringify(body);
  const answer: string[] = [];
  for (const name in headers) answer.push(name, headers[name]!);
  answer.push('content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(payload)));
  writeAnswerHead(res, status, answer);
  res.end(payload);
}

/** The path without the query string (no URL parsing on the hot path). */
export function pathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
