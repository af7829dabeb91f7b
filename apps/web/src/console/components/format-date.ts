const DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'America/Sao_Paulo',
});

/** '23/11/2026, 21:05' in São Paulo time. */
export const formatDateTime = (iso: string) => DATE_TIME.format(new Date(iso));
