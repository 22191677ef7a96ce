/** A browser-like client of the portal's pages for tests: a cookie jar, no redirects followed. */
export type PortalClient = ReturnType<typeof portalClient>;

export function randomIp() {
  return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

export function portalClient(baseUrl: string, ip = randomIp()) {
  const jar = new Map<string, string>();
  const setCookies: string[] = [];

  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

  async function request(path: string, init: { method?: string; body?: URLSearchParams | FormData | string; headers?: Record<string, string> } = {}) {
    // connection: close, because the test and the server share this process's fetch pool: a socket the
    // server closed on us (a body it did not read) must not be handed to the server's own API calls.
    const headers: Record<string, string> = { connection: "close", "x-forwarded-for": ip, "accept-language": "en", ...init.headers };
    if (jar.size) headers.cookie = cookieHeader();
    const response = await fetch(`${baseUrl}${path}`, { method: init.method ?? (init.body ? "POST" : "GET"), headers, body: init.body, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      setCookies.push(line);
      const [pair] = line.split(";");
      const name = pair!.slice(0, pair!.indexOf("="));
      const value = pair!.slice(pair!.indexOf("=") + 1);
      if (/max-age=0/i.test(line) || value === "") jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  async function signIn(username: string, password: string) {
    const response = await request("/login", { body: new URLSearchParams({ username, password }) });
    if (response.status !== 302) {
      const page = await response.text();
      const at = page.search(/form-error|captcha|error/i);
      const message = at >= 0 ? page.slice(at, at + 400).replace(/<[^>]+>/g, " ") : page.slice(0, 200);
      throw new Error(`sign-in as ${username} answered ${response.status}: ${message}`);
    }
    return response;
  }

  return { ip, jar, setCookies, cookieHeader, request, signIn };
}
