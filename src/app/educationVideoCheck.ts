/**
 * SPEC 7: before an uploaded video plays, a HEAD request to its address checks that it is
 * reachable. The address is signed (it needs no bearer), so this goes around the API client.
 * `no-cors` as the specification says: for our same-origin address the answer's status is
 * readable and must be a success; an opaque answer (another origin) proves only reachability.
 */
export async function checkVideoReachable(
  url: string,
  fetchVideo: typeof fetch = (input, init) => fetch(input, init),
): Promise<undefined> {
  const response = await fetchVideo(url, { method: 'HEAD', mode: 'no-cors' });
  if (response.type !== 'opaque' && !response.ok) {
    throw new Error(`The video answered ${response.status} to its HEAD check`);
  }
  return undefined;
}
