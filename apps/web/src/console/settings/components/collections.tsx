/**
 * Coleções exibidas (spec §3 `showCollections`): which of the shop's collections the catalogue shows as tabs, in
 * the order they were ticked. A saved collection the catalogue no longer has is listed so it can be unticked.
 */
import { Controller, type Control } from 'react-hook-form';
import { useShopCollections } from '../api/settings';
import { Empty, LoadError, Loading } from '../../components/page-state';
import type { SettingsFormValues } from './form-model';

export function CollectionsShown({ shop, control }: { shop: string; control: Control<SettingsFormValues> }) {
  const collections = useShopCollections(shop);
  return (
    <fieldset className="console-card">
      <legend>Coleções exibidas</legend>
      <Controller
        control={control}
        name="settings.showCollections"
        render={({ field, fieldState }) => {
          if (collections.isPending) return <Loading label="Carregando coleções…" />;
          if (collections.isError)
            return <LoadError error={collections.error} onRetry={() => void collections.refetch()} />;
          const known = collections.data.collections;
          const chosen = field.value;
          const gone = chosen.filter((c) => !known.some((k) => k.providerId === c.providerId));
          const toggle = (collection: { providerId: string; name: string }, on: boolean) =>
            field.onChange(
              on ? [...chosen, collection] : chosen.filter((c) => c.providerId !== collection.providerId),
            );
          const box = (collection: { providerId: string; name: string }, label: string) => (
            <label key={collection.providerId} className="settings-toggle">
              <input
                type="checkbox"
                checked={chosen.some((c) => c.providerId === collection.providerId)}
                onChange={(e) => toggle(collection, e.target.checked)}
              />
              {label}
            </label>
          );
          return (
            <>
              {known.length === 0 && gone.length === 0 && (
                <Empty>Esta loja ainda não tem coleções. Crie-as em Catálogo › Coleções.</Empty>
              )}
              {known.map((c) => box(c, c.name))}
              {gone.map((c) => box(c, `${c.name} (não existe mais no catálogo)`))}
              {fieldState.error && <p className="field__error">{fieldState.error.message}</p>}
            </>
          );
        }}
      />
    </fieldset>
  );
}
