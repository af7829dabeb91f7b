/** A colour of the settings form: a picker and its #RRGGBB text, the field's error, and a low-contrast warning. */
import { Controller, type Control } from 'react-hook-form';
import { contrastWarning } from './contrast';
import type { SettingsFormValues } from './form-model';

type ColourPath =
  | `settings.style.${'defaultColor' | 'secondaryColor'}`
  | `settings.channelSettings.${number}.style.${'defaultColor' | 'secondaryColor'}`;

export function ColourField({
  control,
  name,
  label,
}: {
  control: Control<SettingsFormValues>;
  name: ColourPath;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="settings-colour">
          <label>
            {label}
            <span className="settings-colour__inputs">
              <input
                type="color"
                value={field.value}
                onChange={field.onChange}
                aria-label={`${label} (seletor)`}
              />
              <input
                type="text"
                value={field.value}
                onChange={field.onChange}
                aria-invalid={fieldState.error ? true : undefined}
                name={name}
              />
            </span>
          </label>
          {fieldState.error && <p className="field__error">{fieldState.error.message}</p>}
          {!fieldState.error && contrastWarning(field.value) && (
            <p className="settings-warning" role="status">
              {contrastWarning(field.value)}
            </p>
          )}
        </div>
      )}
    />
  );
}
