/** A text field of a react-hook-form form: the shared TextField wired to the form's state and zod errors. */
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from '../../components/form-field';

type FormTextProps<T extends FieldValues> = Omit<TextFieldProps, 'value' | 'onValue' | 'name' | 'error'> & {
  control: Control<T>;
  name: FieldPath<T>;
};

export function FormText<T extends FieldValues>({ control, name, ...field }: FormTextProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: { value, onChange, onBlur }, fieldState }) => (
        <TextField
          {...field}
          name={name}
          value={(value as string | undefined) ?? ''}
          onValue={onChange}
          onBlur={onBlur}
          error={fieldState.error?.message ?? null}
        />
      )}
    />
  );
}
