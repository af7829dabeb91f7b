import type { Session } from '@vitrine/contracts/session';
import type { Db } from '../../db/client.ts';
import { addressList, findContact } from '../../modules/customer/service.ts';
import { getCurrentOrder } from '../../modules/order/service.ts';
import type { SessionContext } from '../../modules/session/service.ts';

const EMPTY_CUSTOMER: Session['userShop']['customer'] = {
  name: null,
  email: null,
  birthDate: null,
  document: null,
  isCorporate: false,
  corporateDocument: null,
  corporateName: null,
  tradeName: null,
  stateInscription: null,
  phone: null,
};

/** What `GET /api/session/{code}` answers: the session, its customer and current order (spec §3 Session). */
export async function buildSessionView(db: Db, code: string, session: SessionContext): Promise<Session> {
  const [contact, addresses, currentOrder] = await Promise.all([
    session.contactId ? findContact(db, session.shopId, session.contactId) : null,
    session.contactId ? addressList(db, session) : [],
    getCurrentOrder(db, session),
  ]);
  const customer = contact
    ? {
        name: contact.name,
        email: contact.email,
        birthDate: contact.birth_date,
        document: contact.document,
        isCorporate: contact.is_corporate,
        corporateDocument: contact.corporate_document,
        corporateName: contact.corporate_name,
        tradeName: contact.trade_name,
        stateInscription: contact.state_inscription,
        phone: contact.phone,
      }
    : EMPTY_CUSTOMER;
  return {
    code,
    userId: session.userId,
    sessionType: session.sessionType,
    channelId: session.channelId,
    channelType: session.channelType,
    expiresAt: session.expiresAt.toISOString(),
    userShop: {
      id: session.userId,
      shopId: session.shopId,
      channelId: session.channelId,
      customer,
      addresses,
      currentOrder,
    },
  };
}
