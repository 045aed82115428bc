// The API writes JSON lines (apps/api/src/logging/logger.ts). `pnpm start` and
// `pnpm dev` show them through pino-pretty, one line each; a request reads
// `GET /api/inventory/:id 200 3 ms uid=… (code: reason) [request id]`.
'use strict';
/** What the readable line folds into its message, so pino-pretty does not print them again. */
const REQUEST_FIELDS = ['reqId', 'method', 'route', 'status', 'durationMs', 'uid', 'code', 'reason'];

/** @param {Record<string, unknown>} log @param {string} messageKey */
function readableMessage(log, messageKey) {
  const message = String(log[messageKey] ?? '');
  if (typeof log.method !== 'string') return message;
  const parts = [log.method, log.route, log.status, `${log.durationMs} ms`];
  if (log.uid) parts.push(`uid=${log.uid}`);
  if (log.code) parts.push(log.reason ? `(${log.code}: ${log.reason})` : `(${log.code})`);
  if (message === 'request aborted') parts.push('(aborted)');
  parts.push(`[${log.reqId}]`);
  return parts.join(' ');
}

/**
 * A formatter for the API's output: a JSON log line becomes one readable
 * line (an error's stack on the lines after it); anything else (tsx's
 * notices, a bad setting) stays as it is. pino-pretty is a development
 * dependency of the workspace: without it (a production install) the lines
 * stay JSON.
 *
 * @returns {(line: string) => string}
 */
function readableLog() {
  let prettyFactory;
  try {
    ({ prettyFactory } = require('pino-pretty'));
  } catch {
    return (line) => line;
  }
  const pretty = prettyFactory({
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: ['pid', 'hostname', ...REQUEST_FIELDS].join(','),
    messageFormat: readableMessage,
  });
  return (line) => (line.startsWith('{') ? pretty(line).trimEnd() : line);
}

module.exports = { readableLog };
