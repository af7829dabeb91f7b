/**
 * 'Editar pedido' (issue 34, decision 0053): the order's lines with their quantity (kilo products by weight in kg:
 * "pesou 1,120 kg"), 'Remover', products added by a search of the catalogue (products without variants), the
 * store (issue 38), the coupon and the manual discount, the delivery (option, address, slot: edit-delivery.tsx) and
 * a note to the contact.
 * 'Enviar alteração' sends what changed against the order's version; the server prices it with the cart's code: a
 * higher total waits for the contact to accept or decline it, a lower or equal one applies at once with a notice.
 */
import { useState, type FormEvent } from 'react';
import type { OrderEdits } from '@vitrine/contracts/order-edits';
import { formatBRL } from '@vitrine/contracts/money';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { FormError } from '../../components/form-error';
import { MoneyInput, textOfCents } from '../../components/money-field';
import { useEditProducts, useProposeEdit } from '../api/edits';
import { EditDeliveryFields, EditStoreField } from './edit-delivery';
import {
  changesOf,
  checkoutOf,
  deliveryDraftOf,
  deliveryOf,
  rowOfLine,
  storeOf,
  textOf,
  type EditRow,
} from './edit-lines';
import './edit.css';

function AddProduct({
  shop,
  orderId,
  rows,
  onAdd,
}: {
  shop: string;
  orderId: string;
  rows: EditRow[];
  onAdd: (row: EditRow) => void;
}) {
  const [q, setQ] = useState('');
  const search = q.trim();
  const page = useEditProducts(shop, orderId, search);
  const found = search.length >= 2 ? (page.data?.products ?? []).slice(0, 6) : [];
  const taken = new Set(rows.map((row) => row.providerId));
  return (
    <div className="order-edit-add">
      <TextField
        label="Adicionar produto"
        type="search"
        placeholder="Nome ou código do produto"
        value={q}
        onValue={setQ}
        hint="Produtos sem variações; os com variações entram pelo atendimento."
      />
      {search.length >= 2 && (
        <ul className="order-edit-add__results" aria-label="Produtos encontrados">
          {page.isError && <li className="console-muted">{errorText(page.error)}</li>}
          {page.isPending && <li className="console-muted">Buscando…</li>}
          {page.isSuccess && found.length === 0 && (
            <li className="console-muted">Nenhum produto encontrado.</li>
          )}
          {found.map((product) => {
            const blocked = product.variantCount > 0 || taken.has(product.code);
            return (
              <li key={product.code} className="order-edit-add__result">
                <span>
                  {product.name}{' '}
                  <span className="console-muted">
                    {formatBRL(product.promotionalPriceCents ?? product.priceCents)}
                    {product.kilo
                      ? ` · ${textOf({ quantity: 1, soldInKilo: true, amountInKilo: product.kilo.amountInKilo })} kg`
                      : ''}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button--outline"
                  disabled={blocked}
                  aria-label={`Adicionar ${product.name}`}
                  onClick={() => {
                    onAdd({
                      index: null,
                      providerId: product.code,
                      name: product.name,
                      soldInKilo: product.kilo !== null,
                      amountInKilo: product.kilo?.amountInKilo ?? null,
                      text: product.kilo
                        ? textOf({ quantity: 1, soldInKilo: true, amountInKilo: product.kilo.amountInKilo })
                        : '1',
                      original: 0,
                    });
                    setQ('');
                  }}
                >
                  {taken.has(product.code) ? 'No pedido' : 'Adicionar'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function EditForm({
  shop,
  orderId,
  edits,
  onDone,
}: {
  shop: string;
  orderId: string;
  edits: OrderEdits;
  onDone: () => void;
}) {
  const propose = useProposeEdit(shop, orderId);
  const [rows, setRows] = useState<EditRow[]>(() =>
    edits.current.lines.filter((line) => !line.isGift).map(rowOfLine),
  );
  const [note, setNote] = useState('');
  const [coupon, setCoupon] = useState(edits.current.couponCode ?? '');
  const [discountCents, setDiscountCents] = useState<number | null>(
    edits.current.manualDiscountCents || null,
  );
  const [delivery, setDelivery] = useState(() => deliveryDraftOf(edits.delivery));
  const [store, setStore] = useState(edits.seller.sellerId ?? '');
  const [error, setError] = useState<string | null>(null);
  const setRow = (at: number, text: string) =>
    setRows((list) => list.map((row, i) => (i === at ? { ...row, text } : row)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checkout = checkoutOf(edits.current, { coupon, discountCents });
    if ('error' in checkout) return setError(checkout.error);
    const built = changesOf(rows, {
      ...storeOf(edits.seller, store),
      ...checkout,
      ...deliveryOf(edits.delivery, delivery),
    });
    if ('error' in built) return setError(built.error);
    setError(null);
    propose.mutate(
      { version: edits.version, ...built, note: note.trim() || null },
      {
        onSuccess: (edit) => {
          showToast(
            edit.state === 'accepted'
              ? 'Pedido alterado. O cliente recebeu um aviso.'
              : 'Proposta enviada ao cliente. O pedido muda quando ele aceitar.',
            { variant: 'success' },
          );
          onDone();
        },
        onError: (failure) => setError(errorText(failure)),
      },
    );
  };
  return (
    <form id="order-edit-form" className="console-form order-edit-form" noValidate onSubmit={submit}>
      {edits.edits.some((edit) => edit.state === 'proposed') && (
        <p className="console-alert" role="note">
          Uma proposta ainda aguarda o cliente: a nova a substitui, e o link da anterior deixa de valer.
        </p>
      )}
      <p className="console-muted">
        Total atual {formatBRL(edits.current.totalCents)}. O novo total é calculado pela loja com os preços de
        hoje. Se aumentar, vale quando o cliente aceitar; se diminuir ou não mudar, vale na hora e o cliente
        recebe um aviso.
      </p>
      <EditStoreField choices={edits.seller} value={store} onValue={setStore} />
      <ul className="order-edit-rows" aria-label="Itens do pedido">
        {rows.map((row, at) => {
          const removed = row.text.trim() === '0';
          return (
            <li
              key={`${row.index ?? 'novo'}-${row.providerId}`}
              className={`order-edit-row${removed ? ' order-edit-row--removed' : ''}`}
            >
              <span className="order-edit-row__name">
                {row.name}
                {row.index === null && <span className="order-edit-row__tag">Novo</span>}
              </span>
              <TextField
                className="order-edit-row__qty"
                label={row.soldInKilo ? 'Peso (kg)' : 'Quantidade'}
                inputMode={row.soldInKilo ? 'decimal' : 'numeric'}
                value={row.text}
                onValue={(text) => setRow(at, text)}
              />
              <button
                type="button"
                className="button button--outline order-edit-row__remove"
                aria-label={removed ? `Manter ${row.name}` : `Remover ${row.name}`}
                onClick={() =>
                  row.index === null && !removed
                    ? setRows((list) => list.filter((_, i) => i !== at))
                    : setRow(
                        at,
                        removed
                          ? textOf({
                              quantity: row.original || 1,
                              soldInKilo: row.soldInKilo,
                              amountInKilo: row.amountInKilo,
                            })
                          : '0',
                      )
                }
              >
                {removed ? 'Manter' : 'Remover'}
              </button>
            </li>
          );
        })}
      </ul>
      <AddProduct
        shop={shop}
        orderId={orderId}
        rows={rows}
        onAdd={(row) => setRows((list) => [...list, row])}
      />
      <div className="order-edit-checkout">
        <TextField
          label="Cupom"
          value={coupon}
          maxLength={60}
          onValue={setCoupon}
          hint="Apague para remover o cupom."
        />
        <MoneyInput
          label="Desconto manual (R$)"
          name="manualDiscount"
          cents={discountCents}
          onCents={setDiscountCents}
          onBlur={() => undefined}
          hint={`Atual: ${textOfCents(edits.current.manualDiscountCents ?? 0)}`}
          error={null}
        />
      </div>
      <EditDeliveryFields choices={edits.delivery} draft={delivery} onDraft={setDelivery} />
      <TextField
        label="Recado ao cliente (opcional)"
        value={note}
        maxLength={500}
        onValue={setNote}
        placeholder="Ex.: o queijo pesou 1,120 kg"
      />
      <FormError error={error} />
    </form>
  );
}

export function OrderEditDialog({
  shop,
  orderId,
  number,
  edits,
  onClose,
}: {
  shop: string;
  orderId: string;
  number: number;
  /** The order's version and lines (null: closed). */
  edits: OrderEdits | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={edits !== null}
      onClose={onClose}
      size="lg"
      sheet
      title={`Editar pedido nº ${number}`}
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Voltar
          </button>
          <button type="submit" form="order-edit-form" className="button button--primary">
            Enviar alteração
          </button>
        </>
      }
    >
      {edits && <EditForm shop={shop} orderId={orderId} edits={edits} onDone={onClose} />}
    </Modal>
  );
}
