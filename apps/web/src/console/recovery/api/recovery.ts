/** Recuperação: the shop's abandoned-cart rule (read, save) and the reminders in the pipeline. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryReminders, RecoveryRule } from '@vitrine/contracts/console-recovery';
import { consoleCall } from '../../api/console-api';

const ruleKey = (shop: string) => ['shop', shop, 'recovery', 'rule'];
const remindersKey = (shop: string) => ['shop', shop, 'recovery', 'reminders'];
const base = (shop: string) => `/api/console/shops/${shop}/recovery`;

export const useRecoveryRule = (shop: string) =>
  useQuery({
    queryKey: ruleKey(shop),
    queryFn: () => consoleCall<RecoveryRule>('GET', `${base(shop)}/rule`),
  });

/** Saves the whole rule; the saved rule replaces the cached one and the audit log is read again. */
export function useSaveRecoveryRule(shop: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: RecoveryRule) => consoleCall<RecoveryRule>('PUT', `${base(shop)}/rule`, rule),
    onSuccess: (saved) => {
      client.setQueryData(ruleKey(shop), saved);
      void client.invalidateQueries({ queryKey: ['shop', shop, 'audit'] });
    },
  });
}

/** The pipeline, read again every minute while the page is open (the worker decides reminders meanwhile). */
export const useRecoveryReminders = (shop: string) =>
  useQuery({
    queryKey: remindersKey(shop),
    queryFn: () => consoleCall<RecoveryReminders>('GET', `${base(shop)}/reminders`),
    refetchInterval: 60_000,
  });
