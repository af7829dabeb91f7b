/** Test kit: a document's link preview as a crawler reads it (Open Graph / Twitter tags, JSON-LD). */

/** The head's tags as a link crawler reads them: `property`/`name` → content, entities decoded. */
export function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const tags: Record<string, string> = {};
  for (const m of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g))
    tags[m[1]!] = decode(m[2]!);
  return tags;
}

/** The JSON-LD blocks of a document, parsed. */
export function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}
