/** Configurações (owner, manager): every shop setting in grouped sections, a live preview, unsaved-changes guard. */
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ConsoleSettings } from '@vitrine/contracts/console-settings';
import { maskPhone } from '@vitrine/contracts/masks';
import { STEPS } from '@vitrine/contracts/enums';
import { showToast } from '../../../stores/toast-store';
import { errorText } from '../../api/console-api';
import { useSaveSettings, useShopSettings } from '../../api/shop-settings';
import { FormText } from '../../components/form-fields';
import { FormError } from '../../components/form-error';
import { LoadError, Loading } from '../../components/page-state';
import { ChannelStyles } from './channels';
import { ColourField } from './colour-field';
import { LogoField } from './logo-field';
import { CollectionsShown } from './collections';
import { bodyOf, formValuesOf, settingsForm, type SettingsFormValues } from './form-model';
import { SettingsPreview } from './preview';
import { CATALOG_TOGGLES, CHECKOUT_TOGGLES, STEP_LABELS } from './toggles';

export function SettingsPage({ shop }: { shop: string }) {
  const saved = useShopSettings(shop);
  if (saved.isPending) return <Loading />;
  if (saved.isError) return <LoadError error={saved.error} onRetry={() => void saved.refetch()} />;
  return <SettingsForm shop={shop} saved={saved.data} />;
}

function SettingsForm({ shop, saved }: { shop: string; saved: ConsoleSettings }) {
  const save = useSaveSettings(shop);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsForm),
    defaultValues: formValuesOf(saved),
  });
  const { control, formState, setValue } = form;
  const style = useWatch({ control, name: 'settings.style' });
  const dirty = formState.isDirty;

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const toggles = (list: typeof CATALOG_TOGGLES) =>
    list.map(([key, label]) => (
      <Controller
        key={key}
        control={control}
        name={`settings.${key}`}
        render={({ field }) => (
          <label className="settings-toggle">
            <input type="checkbox" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            {label}
          </label>
        )}
      />
    ));

  return (
    <form
      className="console-form settings-page"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        save.mutate(bodyOf(values), {
          onSuccess: (next) => {
            form.reset(formValuesOf(next));
            showToast('Configurações salvas.', { variant: 'success' });
          },
        }),
      )}
    >
      <div className="console-title-row">
        <h1 className="console-title">Configurações</h1>
        {dirty && <span className="settings-dirty">Alterações não salvas</span>}
      </div>
      <div className="settings-layout">
        <div className="settings-sections">
          <fieldset className="console-card">
            <legend>Aparência</legend>
            <ColourField control={control} name="settings.style.defaultColor" label="Cor principal" />
            <ColourField control={control} name="settings.style.secondaryColor" label="Cor secundária" />
            <LogoField
              shop={shop}
              urlLogo={style.urlLogo}
              onLogo={(urlLogo) => setValue('settings.style.urlLogo', urlLogo, { shouldDirty: true })}
            />
          </fieldset>
          <ChannelStyles control={control} />
          <fieldset className="console-card">
            <legend>Contato</legend>
            <Controller
              control={control}
              name="settings.whatsApp"
              render={({ field, fieldState }) => (
                <label className="settings-field">
                  WhatsApp da loja
                  <input
                    inputMode="tel"
                    placeholder="(11) 98765-4321"
                    value={field.value}
                    onChange={(e) => field.onChange(maskPhone(e.target.value))}
                    aria-invalid={fieldState.error ? true : undefined}
                  />
                  {fieldState.error && <span className="field__error">{fieldState.error.message}</span>}
                </label>
              )}
            />
            <FormText
              control={control}
              name="settings.webCatalogCallbackMessage"
              label="Mensagem ao confirmar pelo catálogo"
            />
          </fieldset>
          <fieldset className="console-card">
            <legend>Catálogo</legend>
            {toggles(CATALOG_TOGGLES)}
            <FormText
              control={control}
              name="settings.shippingRestrictionMessage"
              label="Mensagem para produtos com restrição de entrega"
            />
          </fieldset>
          <CollectionsShown shop={shop} control={control} />
          <fieldset className="console-card">
            <legend>Pedido e pagamento</legend>
            <Controller
              control={control}
              name="settings.steps"
              render={({ field, fieldState }) => (
                <div role="group" aria-label="Etapas do pedido">
                  <p>Etapas do pedido</p>
                  {STEPS.map((step) => (
                    <label key={step} className="settings-toggle">
                      <input
                        type="checkbox"
                        checked={field.value.includes(step)}
                        disabled={step === 'Start' || step === 'Catalog'}
                        onChange={(e) =>
                          field.onChange(
                            STEPS.filter((s) => (s === step ? e.target.checked : field.value.includes(s))),
                          )
                        }
                      />
                      {STEP_LABELS[step]}
                    </label>
                  ))}
                  {fieldState.error && <p className="field__error">{fieldState.error.message}</p>}
                </div>
              )}
            />
            <Controller
              control={control}
              name="settings.type"
              render={({ field }) => (
                <label className="settings-toggle">
                  <input
                    type="checkbox"
                    checked={field.value === 'manual'}
                    onChange={(e) => field.onChange(e.target.checked ? 'manual' : 'standard')}
                  />
                  Loja com preços manuais (tipo manual)
                </label>
              )}
            />
            {toggles(CHECKOUT_TOGGLES)}
          </fieldset>
          <fieldset className="console-card">
            <legend>Limites do pedido</legend>
            <FormText
              control={control}
              name="limits.minOrderValueCents"
              label="Valor mínimo (R$)"
              inputMode="decimal"
            />
            {(['maxDistinctItems', 'maxItems'] as const).map((key) => (
              <Controller
                key={key}
                control={control}
                name={`limits.${key}`}
                render={({ field, fieldState }) => (
                  <label className="settings-field">
                    {key === 'maxItems' ? 'Máximo de itens' : 'Máximo de itens distintos'}
                    <input
                      inputMode="numeric"
                      value={field.value ?? ''}
                      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
                    />
                    {fieldState.error && <span className="field__error">{fieldState.error.message}</span>}
                  </label>
                )}
              />
            ))}
            <Controller
              control={control}
              name="limits.orderEditExpiryHours"
              render={({ field, fieldState }) => (
                <label className="settings-field">
                  Prazo para o cliente responder a uma alteração do pedido (horas)
                  <input
                    inputMode="numeric"
                    value={Number.isNaN(field.value) ? '' : (field.value ?? '')}
                    onChange={(e) =>
                      field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))
                    }
                  />
                  {fieldState.error && <span className="field__error">{fieldState.error.message}</span>}
                </label>
              )}
            />
          </fieldset>
        </div>
        <aside className="settings-aside">
          <SettingsPreview name={saved.name} style={style} />
        </aside>
      </div>
      <FormError error={save.isError ? errorText(save.error) : null} />
      <div className="settings-savebar">
        <button type="submit" className="button button--primary" disabled={save.isPending || !dirty}>
          {save.isPending ? 'Salvando…' : 'Salvar configurações'}
        </button>
      </div>
    </form>
  );
}
