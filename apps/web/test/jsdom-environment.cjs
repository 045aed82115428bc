// jsdom without the fetch-era globals React Router's data router builds
// requests with: hand it Node's own (and Node's AbortController, which
// Node's Request insists on), and structuredClone, which IndexedDB stores with
// (fake-indexeddb, for the outbox).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder, structuredClone } =
      globalThis;
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
      structuredClone,
    });
  }
}

module.exports = JsdomWithFetchGlobals;
