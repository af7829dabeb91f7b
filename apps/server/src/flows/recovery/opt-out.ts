/** The chatbot platform's opt-out flag (issue 36): every contact the phone or user id names gets it, audited. */
import type { ContactOptOutBody } from '@vitrine/contracts/contact-data';
import type { Db } from '../../db/client.ts';
import { PLATFORM_ACTOR, recordAudit } from '../../modules/audit/service.ts';
import { recordOptOut } from '../../modules/recovery/service.ts';
import { contactsOf } from '../contacts/data-rights.ts';

export async function setContactOptOut(db: Db, shopId: string, body: ContactOptOutBody) {
  const ids = await contactsOf(db, shopId, body);
  await db.transaction(async (tx) => {
    for (const contactId of ids) {
      await recordOptOut(tx, shopId, contactId, 'platform', body.optedOut);
      await recordAudit(tx, shopId, PLATFORM_ACTOR, 'contact.opt-out', contactId, {
        optedOut: body.optedOut,
      });
    }
  });
  return { contacts: ids.length, optedOut: body.optedOut };
}
