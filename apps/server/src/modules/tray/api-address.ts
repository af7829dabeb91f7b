import { isIP } from 'node:net';
import { AppError } from '../../lib/app-error.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const invalid = (detail: string) => new AppError('validation', 'trayApiAddressInvalid', { detail });

/**
 * The callback's `api_address` (Tray sends `www.loja.com.br/web_api`, without a scheme) → the base URL the
 * server calls, e.g. `https://www.loja.com.br/web_api`. Always https, on a public host name: the address
 * comes from the browser, so it must not be able to point the server at an internal address. With
 * `allowInsecure` (demo and tests) a loopback host may use http, for the fake Tray on 127.0.0.1.
 */
export function normalizeApiAddress(raw: string, allowInsecure: boolean): string {
  const value = raw.trim();
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    throw invalid('endereço malformado');
  }
  const host = url.hostname.toLowerCase();
  const loopback = LOOPBACK.has(host);
  if (!hasScheme && allowInsecure && loopback) url.protocol = 'http:';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowInsecure && loopback))
    throw invalid('use https');
  if (url.username || url.password || url.search || url.hash)
    throw invalid('sem usuário, senha ou parâmetros');
  if (!(allowInsecure && loopback)) {
    const bare = host.replace(/^\[|\]$/g, '');
    if (isIP(bare) || loopback || !host.includes('.') || /\.(local|internal|localhost)$/.test(host))
      throw invalid('o endereço deve ser o domínio público da loja');
  }
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}
