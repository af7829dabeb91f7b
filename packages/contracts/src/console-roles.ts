/**
 * Staff roles of the shop console and their pt-BR names, with no zod: the console's entry chunk (frame, nav)
 * needs only these, and importing `console.ts` would pull its schemas — and zod — into it.
 */
export const STAFF_ROLES = ['owner', 'manager', 'agent'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** What each role may do, highest first: owner ⊃ manager ⊃ agent. */
export const ROLE_RANK: Record<StaffRole, number> = { owner: 3, manager: 2, agent: 1 };
export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Proprietário',
  manager: 'Gerente',
  agent: 'Atendente',
};
