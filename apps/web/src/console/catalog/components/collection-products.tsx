/**
 * One collection's products in the order the storefront lists them: find a product by name, SKU or code and add
 * it, move it up or down, remove it. Each change is saved at once (the list is sent whole, in order).
 */
import { useState } from 'react';
import type { CollectionProduct } from '@vitrine/contracts/console-collections';
import { formatBRL } from '@vitrine/contracts/money';
import { TextField } from '../../../components/form-field';
import { showToast } from '../../../stores/toast-store';
import { useProductPage } from '../../api/products';
import { errorText } from '../../api/console-api';
import { useCollection, useCollectionChange } from '../api/collections';
import { Empty, LoadError, Loading } from '../../components/page-state';

function ProductSearch({
  shop,
  inList,
  onAdd,
}: {
  shop: string;
  inList: Set<string>;
  onAdd: (code: string) => void;
}) {
  const [q, setQ] = useState('');
  const found = useProductPage(shop, { q, category: '', brand: '', active: '' }, null);
  const results = q.trim() ? (found.data?.products ?? []).filter((p) => !inList.has(p.code)).slice(0, 8) : [];
  return (
    <div className="collections__search">
      <TextField
        label="Adicionar produto"
        type="search"
        value={q}
        onValue={setQ}
        placeholder="Nome, SKU ou código"
      />
      {q.trim() && found.isFetching && <p className="console-muted">Buscando…</p>}
      {q.trim() && !found.isFetching && results.length === 0 && (
        <Empty>Nenhum produto fora da coleção com esse texto.</Empty>
      )}
      {results.length > 0 && (
        <ul className="collections__results" aria-label="Produtos encontrados">
          {results.map((p) => (
            <li key={p.code} className="catalog-tree__item">
              <span>
                {p.name} <span className="console-muted">· {p.code}</span>
              </span>
              <button
                type="button"
                className="button button--outline"
                onClick={() => {
                  onAdd(p.code);
                  setQ('');
                }}
              >
                Adicionar<span className="console-visually-hidden"> {p.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CollectionProducts({ shop, code }: { shop: string; code: string }) {
  const collection = useCollection(shop, code);
  const change = useCollectionChange(shop);
  if (collection.isPending) return <Loading label="Carregando produtos da coleção…" />;
  if (collection.isError)
    return <LoadError error={collection.error} onRetry={() => void collection.refetch()} />;
  const products = collection.data.products;
  const codes = products.map((p) => p.code);
  const save = (next: string[], said: string) =>
    change.mutate(
      { kind: 'products', code, codes: next },
      {
        onSuccess: () => showToast(said, { variant: 'success' }),
        onError: (error) => showToast(errorText(error), { variant: 'error' }),
      },
    );
  const moved = (from: number, to: number) => {
    const next = [...codes];
    next.splice(to, 0, ...next.splice(from, 1));
    return next;
  };
  const row = (p: CollectionProduct, index: number) => (
    <li key={p.code} className="catalog-tree__item">
      <span>
        {index + 1}. {p.name}
        <span className="console-muted">
          {' '}
          · {formatBRL(p.priceCents)}
          {!p.isActive && ' · inativo (não aparece na loja)'}
        </span>
      </span>
      <span className="catalog-tree__actions">
        <button
          type="button"
          className="button button--outline"
          disabled={index === 0 || change.isPending}
          onClick={() => save(moved(index, index - 1), `${p.name} subiu.`)}
        >
          Subir<span className="console-visually-hidden"> {p.name}</span>
        </button>
        <button
          type="button"
          className="button button--outline"
          disabled={index === products.length - 1 || change.isPending}
          onClick={() => save(moved(index, index + 1), `${p.name} desceu.`)}
        >
          Descer<span className="console-visually-hidden"> {p.name}</span>
        </button>
        <button
          type="button"
          className="button button--outline console-danger"
          disabled={change.isPending}
          onClick={() =>
            save(
              codes.filter((c) => c !== p.code),
              `${p.name} saiu da coleção.`,
            )
          }
        >
          Tirar<span className="console-visually-hidden"> {p.name}</span>
        </button>
      </span>
    </li>
  );
  return (
    <div className="collections__products">
      {products.length === 0 ? (
        <Empty>Nenhum produto nesta coleção ainda.</Empty>
      ) : (
        <ol className="catalog-tree" aria-label={`Produtos de ${collection.data.name}`}>
          {products.map(row)}
        </ol>
      )}
      <ProductSearch
        shop={shop}
        inList={new Set(codes)}
        onAdd={(added) => save([...codes, added], 'Produto adicionado à coleção.')}
      />
    </div>
  );
}
