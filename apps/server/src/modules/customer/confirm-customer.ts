/**
 * The customer an agent confirms an order for (spec §4 "Agent checkout", `POST /api/order/confirm`): each field
 * as the agent's form sends it, else as the session's contact already has it; written on the contact (documents
 * normalised, birth date and company fields as the shop asks: contact-fields.ts) once the confirm passes.
 */
import type { AgentConfirmBody } from '@vitrine/contracts/checkout';
import type { ShopSettings } from '@vitrine/contracts/shop';
import type { Queryable } from '../../db/client.ts';
import type { SessionContext } from '../../lib/session-context.ts';
import { contactFields } from './contact-fields.ts';
import { findContact, updateContact } from './repository.ts';

export type ConfirmCustomer = {
  name: string | null;
  email: string | null;
  document: string | null;
  birthDate: string | null;
  isCorporate: boolean;
  corporateDocument: string | null;
  corporateName: string | null;
  tradeName: string | null;
  stateInscription: string | null;
};

const pick = (body: string | null | undefined, stored: string | null) =>
  body?.trim() ? body.trim() : stored;

/** The customer the confirm checks, and `save` writing it on the contact (nothing without a contact). */
export async function confirmingCustomer(
  tx: Queryable,
  session: SessionContext,
  body: AgentConfirmBody,
): Promise<{ customer: ConfirmCustomer; save: (settings: ShopSettings) => Promise<void> }> {
  const stored = session.contactId ? await findContact(tx, session.shopId, session.contactId) : null;
  const customer: ConfirmCustomer = {
    name: pick(body.name, stored?.name ?? null),
    email: pick(body.email, stored?.email ?? null),
    document: pick(body.document, stored?.document ?? null),
    birthDate: pick(body.birthDate, stored?.birth_date ?? null),
    isCorporate: body.isCorporate ?? stored?.is_corporate ?? false,
    corporateDocument: pick(body.corporateDocument, stored?.corporate_document ?? null),
    corporateName: pick(body.corporateName, stored?.corporate_name ?? null),
    tradeName: pick(body.tradeName, stored?.trade_name ?? null),
    stateInscription: pick(body.stateInscription, stored?.state_inscription ?? null),
  };
  const save = async (settings: ShopSettings) => {
    if (!session.contactId || !stored) return;
    await updateContact(
      tx,
      session.shopId,
      session.contactId,
      contactFields(customer, settings, stored.birth_date),
    );
  };
  return { customer, save };
}
