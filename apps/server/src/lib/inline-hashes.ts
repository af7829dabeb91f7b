import { createHash } from 'node:crypto';

export type InlineHashes = { scripts: string[]; styles: string[] };

/** CSP source expressions (`'sha256-…'`) of the inline `<script>` and `<style>` elements of an HTML page. */
export function inlineHashes(html: string): InlineHashes {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const inline = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))]
      .filter((m) => !/\ssrc=/.test(m[1] ?? ''))
      .map((m) => hash(m[2] ?? ''));
  return { scripts: inline('script'), styles: inline('style') };
}
