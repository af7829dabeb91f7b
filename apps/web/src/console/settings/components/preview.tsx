/** Live preview of the storefront with the chosen style: its top bar (logo at 30×120) and a product card. */
import { contrastRatio, MIN_TEXT_CONTRAST_HINT, themeVariables } from './contrast';
import type { CSSProperties } from 'react';
import type { SettingsBody } from '@vitrine/contracts/console-settings';

export function SettingsPreview({ name, style }: { name: string; style: SettingsBody['settings']['style'] }) {
  const vars = themeVariables(style) as CSSProperties;
  return (
    <figure className="settings-preview" style={vars} aria-label="Prévia da loja">
      <div className="settings-preview__bar" data-testid="preview-bar">
        {style.urlLogo ? (
          <img className="settings-preview__logo" src={style.urlLogo} alt={`Logo de ${name}`} />
        ) : (
          <strong>{name}</strong>
        )}
        <span className="settings-preview__cart">Carrinho</span>
      </div>
      <div className="settings-preview__card">
        <div className="settings-preview__image" aria-hidden="true" />
        <p className="settings-preview__name">Produto de exemplo</p>
        <p className="settings-preview__price">R$ 19,90</p>
        <button type="button" className="settings-preview__add" tabIndex={-1}>
          Adicionar
        </button>
      </div>
      <figcaption className="console-muted">
        Contraste do texto na cor principal: {contrastRatio(style.defaultColor).toFixed(1)}:1 (
        {MIN_TEXT_CONTRAST_HINT})
      </figcaption>
    </figure>
  );
}
