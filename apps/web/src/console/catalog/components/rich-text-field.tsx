/**
 * The product description as rich text: a small toolbar (bold, italic, heading, lists, link — its address typed in
 * a field of the page) over an editable area, the browser's own editing commands (Ctrl+B / Ctrl+I work too). The
 * HTML goes to the server, which keeps only safe markup (sanitize-html); after a save the area shows what was kept.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { TextField } from '../../../components/form-field';

const LINK = /^https?:\/\/\S+\.\S+/i;

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
  // The link's address is typed in a field of its own; the selection it applies to is kept meanwhile.
  const [link, setLink] = useState<string | null>(null);
  const saved = useRef<Range | null>(null);
  const insertLink = () => {
    if (!link || !LINK.test(link)) return;
    const range = saved.current;
    setLink(null);
    if (!range || range.collapsed) {
      // No text chosen: the address itself becomes the link's text, where the caret was (or at the end).
      const anchor = document.createElement('a');
      anchor.href = link;
      anchor.textContent = link;
      if (range) range.insertNode(anchor);
      else area.current?.append(anchor);
      read();
      return;
    }
    area.current?.focus();
    const selection = window.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    run('createLink', link);
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
          aria-expanded={link !== null}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const selection = window.getSelection();
            const inArea = selection?.rangeCount && area.current?.contains(selection.anchorNode);
            saved.current = inArea ? selection.getRangeAt(0).cloneRange() : null;
            setLink(link === null ? 'https://' : null);
          }}
        >
          Link
        </button>
        {link !== null && (
          <span className="rich-text__link">
            <TextField
              label="Endereço do link"
              type="url"
              value={link}
              onValue={setLink}
              error={
                link && link !== 'https://' && !LINK.test(link)
                  ? 'Use um endereço que comece com https://'
                  : null
              }
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  insertLink();
                }
              }}
            />
            <button type="button" className="button button--outline" onClick={insertLink}>
              Inserir link
            </button>
          </span>
        )}
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
