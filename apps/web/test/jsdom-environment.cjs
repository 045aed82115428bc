// jsdom without the fetch-era globals React Router's data router builds
// requests with: hand it Node's own (and Node's AbortController, which
// Node's Request insists on).
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const { Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder } = globalThis;
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal, TextEncoder, TextDecoder });
  }
}

module.exports = JsdomWithFetchGlobals;
