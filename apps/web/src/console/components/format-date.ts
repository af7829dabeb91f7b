const formatters = new Map<string, Intl.DateTimeFormat>();

/** '23/11/2026, 21:05' in the shop's time zone (São Paulo unless told). */
export function formatDateTime(iso: string, timeZone = 'America/Sao_Paulo') {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** '2026-11-28' → '28/11/2026' (a slot's day, already in the shop's calendar). */
export const formatDay = (day: string) => day.split('-').reverse().join('/');
