/** The demo mailbox (demo mode only): e-mails the console sent. */
import { useQuery } from '@tanstack/react-query';
import { consoleCall } from '../../api/console-api';

export type Mail = { id: string; to: string; subject: string; text: string; sentAt: string };
export const useMailbox = () =>
  useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: () => consoleCall<Mail[]>('GET', '/api/dev/mailbox'),
    refetchInterval: 3000,
  });
