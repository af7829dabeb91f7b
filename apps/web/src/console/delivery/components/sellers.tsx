/**
 * Entrega › Lojas: the shop's sellers (address, fee, pickup, hours, price tables), add, edit, remove with
 * confirmation. (`Store` is the contract's name of a seller's wire shape.)
 */
import { formatBRL } from '@vitrine/contracts/money';
import { WEEKDAY_LABELS, type Store } from '@vitrine/contracts/console-delivery';
import { useSellers, useWriteSeller } from '../api/delivery';
import { usePriceTables } from '../../api/price-tables';
import { DeliveryList } from './list';
import { SellerForm } from './seller-form';

const hoursText = (seller: Store) =>
  seller.openingHours
    .map((h) => `${WEEKDAY_LABELS[h.weekday]!.slice(0, 3)} ${h.opens}–${h.closes}`)
    .join(' · ') || 'Horário não informado';

/** 'Tabelas: Varejo, Atacado · padrão Atacado (aplicada ao escolher a loja)' (decision 0039). */
function TablesLine({ shop, seller }: { shop: string; seller: Store }) {
  const tables = usePriceTables(shop);
  const names = new Map((tables.data?.tables ?? []).map((t) => [t.id, t.name]));
  if (names.size === 0) return null;
  const { allowed, defaultId, useDefault } = seller.priceTables;
  const list = allowed.length ? allowed.map((id) => names.get(id) ?? id).join(', ') : 'todas';
  const chosen = defaultId
    ? ` · padrão ${names.get(defaultId) ?? defaultId}${useDefault ? ' (aplicada ao escolher a loja)' : ''}`
    : '';
  return (
    <>
      <br />
      <span className="console-muted">
        Tabelas de preço: {list}
        {chosen}
      </span>
    </>
  );
}

function SellerSummary({ shop, seller }: { shop: string; seller: Store }) {
  return (
    <>
      <strong>{seller.name}</strong>
      <span className="console-muted">
        {' '}
        · {seller.street}, {seller.number} - {seller.neighborhood}, {seller.city} - {seller.state}
      </span>
      <br />
      Taxa de serviço: {seller.serviceFeeCents ? formatBRL(seller.serviceFeeCents) : 'Grátis'} ·{' '}
      {seller.pickup
        ? `Retirada${seller.pickupEstimate ? ` (${seller.pickupEstimate})` : ''}`
        : 'Sem retirada'}
      <br />
      <span className="console-muted">{hoursText(seller)}</span>
      <TablesLine shop={shop} seller={seller} />
    </>
  );
}

export function Sellers({ shop }: { shop: string }) {
  const sellers = useSellers(shop);
  const write = useWriteSeller(shop);
  return (
    <DeliveryList
      titleId="sellers-title"
      title="Lojas"
      newLabel="Nova loja"
      query={sellers}
      items={sellers.data?.stores ?? []}
      empty="Nenhuma loja ainda. Cadastre uma para oferecer retirada."
      summary={(seller) => <SellerSummary shop={shop} seller={seller} />}
      form={(seller, onDone) => <SellerForm shop={shop} seller={seller} onDone={onDone} />}
      removeTitle="Remover loja"
      removeText={(seller) =>
        `${seller.name} deixa de aparecer para retirada em novos pedidos. Pedidos já feitos continuam como estão.`
      }
      remove={(seller) => write.mutateAsync({ id: seller.id, body: null })}
      removeBusy={write.isPending}
    />
  );
}
