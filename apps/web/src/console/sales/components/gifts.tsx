/**
 * Vendas › Brindes: gift tiers by order value (from R$ x, the customer chooses n of these products), each editable
 * or removable after a confirmation, and a preview of what the cart offers at the order value the owner types.
 */
import { useState } from 'react';
import { giftPreview, type ConsoleGiftTier } from '@vitrine/contracts/console-gifts';
import { formatBRL } from '@vitrine/contracts/money';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/form-field';
import { useDeleteGiftTier, useGiftTiers } from '../api/rules';
import { centsOfText } from '../../components/money-field';
import { ConfirmDelete } from '../../components/confirm-delete';
import { GiftTierForm } from './gift-tier-form';
import { Empty, LoadError, Loading } from '../../components/page-state';

const choose = (n: number) => `escolha ${n === 1 ? '1 brinde' : `até ${n} brindes`}`;

function TierCard({
  tier,
  onEdit,
  onDelete,
}: {
  tier: ConsoleGiftTier;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="console-card sales-coupon">
      <strong>{tier.name}</strong>
      <p className="sales-coupon__line">
        A partir de {formatBRL(tier.minOrderCents)} · {choose(tier.availableQuantity)}
      </p>
      <p className="console-muted sales-coupon__line">
        {tier.products.map((p) => (p.active ? p.name : `${p.name} (inativo)`)).join(', ')}
      </p>
      <div className="console-actions">
        <button type="button" className="button button--outline" onClick={onEdit}>
          Editar <span className="console-visually-hidden">{tier.name}</span>
        </button>
        <button type="button" className="button button--outline" onClick={onDelete}>
          Excluir <span className="console-visually-hidden">{tier.name}</span>
        </button>
      </div>
    </li>
  );
}

/** What the cart shows for an order of the typed value: the tiers it reaches and what is missing for the next. */
function GiftPreview({ tiers }: { tiers: ConsoleGiftTier[] }) {
  const [text, setText] = useState('60,00');
  const cents = centsOfText(text);
  const valid = cents !== null && !Number.isNaN(cents);
  const { offered, next } = giftPreview(tiers, valid ? cents : 0);
  return (
    <section className="console-card gift-preview" aria-labelledby="gift-preview-title">
      <h3 id="gift-preview-title" className="console-subtitle">
        Prévia: o que o cliente vê no carrinho
      </h3>
      <TextField
        label="Valor dos itens do pedido (R$)"
        inputMode="decimal"
        value={text}
        onValue={setText}
        error={valid ? null : 'Valor inválido: use, por exemplo, 1.234,56.'}
      />
      {valid && (
        <div aria-live="polite">
          {offered.length === 0 ? (
            <p className="console-muted">Nenhum brinde para este valor.</p>
          ) : (
            offered.map((tier) => (
              <div key={tier.id} className="gift-preview__group">
                <p>
                  <strong>{tier.name}</strong> — {choose(tier.availableQuantity)}:
                </p>
                <ul className="gift-preview__products">
                  {tier.products
                    .filter((p) => p.active)
                    .map((p) => (
                      <li key={p.code}>
                        {p.imageUrl && <img src={p.imageUrl} alt="" width={40} height={40} />}
                        {p.name}
                      </li>
                    ))}
                </ul>
              </div>
            ))
          )}
          {next && (
            <p className="console-muted">
              Faltam {formatBRL(next.minOrderCents - cents)} para “{next.name}”.
            </p>
          )}
        </div>
      )}
    </section>
  );
}

export function SalesGifts({ shop }: { shop: string }) {
  const tiers = useGiftTiers(shop);
  const remove = useDeleteGiftTier(shop);
  const [editing, setEditing] = useState<ConsoleGiftTier | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ConsoleGiftTier | null>(null);
  return (
    <section className="console-section" aria-labelledby="sales-gifts-title">
      <div className="console-title-row">
        <h2 id="sales-gifts-title" className="console-subtitle">
          Brindes por valor do pedido
        </h2>
        <button type="button" className="button button--primary" onClick={() => setEditing(null)}>
          Nova faixa de brinde
        </button>
      </div>
      {tiers.isPending ? (
        <Loading />
      ) : tiers.isError ? (
        <LoadError error={tiers.error} onRetry={() => void tiers.refetch()} />
      ) : tiers.data.tiers.length === 0 ? (
        <Empty>
          Nenhum brinde ainda. Crie uma faixa: a partir de um valor, o cliente escolhe seus brindes.
        </Empty>
      ) : (
        <>
          <ul className="sales-coupons" aria-label="Faixas de brinde">
            {tiers.data.tiers.map((tier) => (
              <TierCard
                key={tier.id}
                tier={tier}
                onEdit={() => setEditing(tier)}
                onDelete={() => setDeleting(tier)}
              />
            ))}
          </ul>
          <GiftPreview tiers={tiers.data.tiers} />
        </>
      )}
      <Modal
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        title={editing ? `Editar ${editing.name}` : 'Nova faixa de brinde'}
        sheet
      >
        {editing !== undefined && (
          <GiftTierForm shop={shop} tier={editing} onDone={() => setEditing(undefined)} />
        )}
      </Modal>
      <ConfirmDelete
        item={deleting}
        title="Excluir brinde"
        remove={remove}
        deleted={(t) => `Brinde “${t.name}” excluído.`}
        onClose={() => setDeleting(null)}
      >
        <p>
          A faixa <strong>{deleting?.name}</strong> deixa de aparecer nos carrinhos. Se algum cliente já
          escolheu este brinde, ela não pode ser excluída: edite-a.
        </p>
      </ConfirmDelete>
    </section>
  );
}
