/**
 * Old → new values of an audit entry (issue 18, decision 0035): entries of a setup change carry
 * `detail.changes`, one row per field changed, each already in pt-BR words (labels and values as an owner reads
 * them). Entries written before, or without it, have none.
 */
import { z } from 'zod';

export const auditChange = z.object({ label: z.string(), before: z.string(), after: z.string() });
export type AuditChange = z.infer<typeof auditChange>;

/** The changes an entry's detail carries, or [] (older entries, other actions, a malformed row). */
export function auditChangesOf(detail: Record<string, unknown>): AuditChange[] {
  const parsed = z.array(auditChange).safeParse(detail.changes);
  return parsed.success ? parsed.data : [];
}

/** The fields whose display values differ, in `labels` order, before → after ('—' for a field absent on one side). */
export function diffForAudit(
  labels: Record<string, string>,
  before: Record<string, string> | null,
  after: Record<string, string>,
): AuditChange[] {
  return Object.entries(labels)
    .map(([key, label]) => ({ label, before: before?.[key] ?? '—', after: after[key] ?? '—' }))
    .filter((change) => change.before !== change.after);
}
