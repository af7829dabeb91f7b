/**
 * The product description as rich text: a small toolbar (bold, italic, heading, lists, link) over an editable
 * area, the browser's own editing commands (Ctrl+B / Ctrl+I work too). The HTML goes to the server, which keeps
 * only safe markup (sanitize-html); after a save the area shows what was kept.
 */
import { useEffect, useId, useRef } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

const TOOLS: { label: string; text: string; command: string; value?: string }[] = [
  { label: 'Negrito', text: 'N', command: 'bold' },
  { label: 'Itálico', text: 'I', command: 'italic' },
  { label: 'Título', text: 'T', command: 'formatBlock', value: 'h3' },
  { label: 'Parágrafo', text: '¶', command: 'formatBlock', value: 'p' },
  { label: 'Lista', text: '•', command: 'insertUnorderedList' },
  { label: 'Lista numerada', text: '1.', command: 'insertOrderedList' },
];

function Editable({
  html,
  onHtml,
  onBlur,
  labelId,
  error,
}: {
  html: string;
  onHtml: (html: string | null) => void;
  onBlur: () => void;
  labelId: string;
  error: string | null;
}) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Only a value from outside (load, reset after a save) is written in: typing keeps the caret.
    if (area.current && area.current.innerHTML !== html) area.current.innerHTML = html;
  }, [html]);
  const read = () => {
    const value = area.current?.innerHTML ?? '';
    onHtml(area.current?.textContent?.trim() ? value : null);
  };
  const run = (command: string, value?: string) => {
    area.current?.focus();
    document.execCommand(command, false, value);
    read();
  };
  return (
    <>
      <div className="rich-text__tools" role="toolbar" aria-label="Formatação da descrição">
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="button button--outline rich-text__tool"
            aria-label={tool.label}
            title={tool.label}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(tool.command, tool.value)}
          >
            {tool.text}
          </button>
        ))}
        <button
          type="button"
          className="button button--outline rich-text__tool"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const url = window.prompt('Endereço do link (https://…)');
            if (url && /^https?:\/\//i.test(url)) run('createLink', url);
          }}
        >
          Link
        </button>
      </div>
      <div
        ref={area}
        className="rich-text__area field__control"
        contentEditable
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-invalid={error ? true : undefined}
        tabIndex={0}
        onInput={read}
        onBlur={onBlur}
        suppressContentEditableWarning
      />
    </>
  );
}

export function RichTextField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  const labelId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="field rich-text">
          <span id={labelId} className="field__label">
            {label}
          </span>
          <Editable
            html={(field.value as string | null) ?? ''}
            onHtml={field.onChange}
            onBlur={field.onBlur}
            labelId={labelId}
            error={fieldState.error?.message ?? null}
          />
          {fieldState.error && <p className="field__error">{fieldState.error.message}</p>}
        </div>
      )}
    />
  );
}
