// Where the login leads: the `redirect` target with its own query kept (the original dropped it),
// plus any other query of the login URL. Only same-origin paths, so no open redirect.

export function loginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const raw = params.get("redirect") ?? "";
  params.delete("redirect");
  const safe = raw.startsWith("/") && !raw.startsWith("//") && !raw.startsWith("/login") ? raw : "/";
  const url = new URL(safe, "http://console.local");
  params.forEach((value, key) => {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  });
  return `${url.pathname}${url.search}${url.hash}`;
}
