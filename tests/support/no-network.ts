/**
 * Tests never reach the network by accident: the global `fetch` and `XMLHttpRequest` are replaced
 * by stand-ins that refuse with a clear message and remember the attempt, so a test whose code
 * catches the refusal still fails after it. A test fakes the network by passing its own `fetch` to
 * the code under test or with `vi.stubGlobal('fetch', ...)`; `vi.unstubAllGlobals()` brings the
 * refusal back.
 */

export interface RefuseOptions {
  /** Hosts whose requests stay real: the server tests' own loopback servers. */
  allowHosts?: readonly string[];
}

let refused: string[] = [];

/** The refused requests since the last call, oldest first. */
export function takeUnfakedRequests(): string[] {
  const taken = refused;
  refused = [];
  return taken;
}

export function refuseUnfakedNetwork({ allowHosts = [] }: RefuseOptions = {}): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (URL.canParse(url) && allowHosts.includes(new URL(url).hostname)) {
      return realFetch(input, init);
    }
    const request = `${init?.method ?? (input instanceof Request ? input.method : 'GET')} ${url}`;
    refused.push(request);
    return Promise.reject(
      new Error(`Unfaked network call: ${request}. Give the code under test a fake fetch.`),
    );
  };
  if ('XMLHttpRequest' in globalThis) {
    // A constructor function, so `new XMLHttpRequest()` records the attempt and throws.
    globalThis.XMLHttpRequest = function RefusedXMLHttpRequest() {
      refused.push('XMLHttpRequest');
      throw new Error('Unfaked network call: XMLHttpRequest. Fake it in the test.');
    } as unknown as typeof XMLHttpRequest;
  }
}

/** The message a test fails with when it made unfaked requests, or null. */
export function unfakedRequestsProblem(): string | null {
  const requests = takeUnfakedRequests();
  return requests.length === 0
    ? null
    : requests.map((request) => `Unfaked network call: ${request}`).join('\n') +
        '\n(give the code under test a fake fetch)';
}
