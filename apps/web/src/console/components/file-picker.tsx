/**
 * A file picker that reads the same in every browser language (issue 38): a button with pt-BR text over the
 * native input (hidden, still focusable and named by the button's text), and beside it the chosen file's name or
 * 'Nenhum arquivo escolhido' when `chosen` is given. The input is emptied after each pick, so the same file can be
 * picked again.
 */
import type { ReactNode } from 'react';
import './file-picker.css';

export function FilePicker({
  label,
  accept,
  multiple = false,
  chosen,
  disabled = false,
  primary = false,
  onFiles,
}: {
  label: ReactNode;
  accept?: string;
  multiple?: boolean;
  /** The chosen file's name; null: none yet; undefined: say nothing (the caller shows what was picked). */
  chosen?: string | null;
  disabled?: boolean;
  primary?: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <span className="file-picker">
      <label
        className={`button ${primary ? 'button--primary' : 'button--outline'} file-picker__button${disabled ? ' is-disabled' : ''}`}
      >
        {label}
        <input
          type="file"
          className="console-visually-hidden"
          accept={accept}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) onFiles(files);
          }}
        />
      </label>
      {chosen !== undefined && (
        <span className="console-muted file-picker__chosen">{chosen ?? 'Nenhum arquivo escolhido'}</span>
      )}
    </span>
  );
}
