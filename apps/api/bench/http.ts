/** The few calls the orchestrator makes itself (setup and checks, never load). */
export interface Answer<T> {
  status: number;
  headers: Headers;
  body: T;
}

export async function call<T>(
  url: string,
  options: { method?: string; token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Like call, but anything other than the expected status is an error worth stopping for. */
export async function expect<T>(
  status: number,
  url: string,
  options: Parameters<typeof call>[1] = {},
): Promise<Answer<T>> {
  const answer = await call<T>(url, options);
  if (answer.status !== status) {
    throw new Error(
      `${options.method ?? 'GET'} ${url} answered ${answer.status}, not ${status}: ${JSON.stringify(answer.body)}`,
    );
  }
  return answer;
}
