/**
 * Estilo por canal (spec §3 `channelSettings`): a channel may have its own colours; a channel without one uses the
 * shop's look. A new channel style starts from the shop's colours and logo.
 */
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { BOARD_CHANNEL_LABELS, BOARD_CHANNELS } from '@vitrine/contracts/console-orders';
import { CHANNEL_BY_NAME } from '@vitrine/contracts/enums';
import { ColourField } from './colour-field';
import type { SettingsFormValues } from './form-model';

const CHANNELS = BOARD_CHANNELS.map((name) => ({
  id: CHANNEL_BY_NAME[name] as number,
  label: BOARD_CHANNEL_LABELS[name],
}));
const labelOf = (id: number) => CHANNELS.find((c) => c.id === id)?.label ?? `Canal ${id}`;

export function ChannelStyles({ control }: { control: Control<SettingsFormValues> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'settings.channelSettings' });
  const chosen = useWatch({ control, name: 'settings.channelSettings' });
  const main = useWatch({ control, name: 'settings.style' });
  const free = CHANNELS.filter((c) => !chosen.some((entry) => entry.channelId === c.id));
  return (
    <fieldset className="console-card">
      <legend>Estilo por canal</legend>
      <p className="console-muted">Um canal sem estilo próprio usa a aparência da loja.</p>
      {fields.map((field, index) => {
        const label = labelOf(chosen[index]?.channelId ?? field.channelId);
        return (
          <div key={field.id} className="settings-channel" role="group" aria-label={`Estilo do ${label}`}>
            <Controller
              control={control}
              name={`settings.channelSettings.${index}.channelId`}
              render={({ field: channel, fieldState }) => (
                <label className="settings-field">
                  Canal
                  <select
                    className="field__control"
                    value={channel.value}
                    onChange={(e) => channel.onChange(Number(e.target.value))}
                  >
                    {CHANNELS.filter((c) => c.id === channel.value || free.includes(c)).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                  {fieldState.error && <span className="field__error">{fieldState.error.message}</span>}
                </label>
              )}
            />
            <ColourField
              control={control}
              name={`settings.channelSettings.${index}.style.defaultColor`}
              label={`Cor principal no ${label}`}
            />
            <ColourField
              control={control}
              name={`settings.channelSettings.${index}.style.secondaryColor`}
              label={`Cor secundária no ${label}`}
            />
            <button
              type="button"
              className="button button--outline console-danger"
              onClick={() => remove(index)}
            >
              Remover estilo do {label}
            </button>
          </div>
        );
      })}
      {free.length > 0 && (
        <button
          type="button"
          className="button button--outline"
          onClick={() => append({ channelId: free[0]!.id, style: { ...main } })}
        >
          Adicionar estilo para um canal
        </button>
      )}
    </fieldset>
  );
}
