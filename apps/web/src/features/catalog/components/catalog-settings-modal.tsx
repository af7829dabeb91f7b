/**
 * 'Configurações do Catálogo' (agents, loaded lazily): chooses what 'Enviar catálogo' sends — Padrão,
 * Categoria (select), Coleção (select, only when collections exist) or Busca (free text).
 * 'Salvar' keeps the choice for the next send; 'Cancelar' discards the edits.
 */
import { useState } from 'react';
import { SelectField, TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import {
  availableKinds,
  chooseKind,
  KIND_LABELS,
  type CatalogOption,
  type CatalogSettingsForm,
} from '../lib/catalog-settings-form';
import { MAX_SEARCH_LENGTH } from '@vitrine/contracts/catalog-ids';
import './catalog-settings-modal.css';

export interface CatalogSettingsModalProps {
  open: boolean;
  initial: CatalogSettingsForm;
  categories: CatalogOption[];
  collections: CatalogOption[];
  onClose: () => void;
  onSave: (form: CatalogSettingsForm) => void;
}

function OptionSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: CatalogOption[];
  onChange: (id: string) => void;
}) {
  return (
    <SelectField label={label} value={value} onValue={onChange}>
      {options.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </SelectField>
  );
}

export function CatalogSettingsModal(props: CatalogSettingsModalProps) {
  const { open, initial, categories, collections, onClose, onSave } = props;
  const [form, setForm] = useState(initial);
  const kinds = availableKinds(collections);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Configurações do Catálogo"
      size="sm"
      footer={
        <>
          <button type="button" className="button button--outline" onClick={onClose}>
            Cancelar
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              onSave(form);
              onClose();
            }}
          >
            Salvar
          </button>
        </>
      }
    >
      <fieldset className="catalog-settings__kinds">
        <legend>Tipo de catálogo</legend>
        {kinds.map((kind) => (
          <label key={kind} className="catalog-settings__kind">
            <input
              type="radio"
              name="catalog-kind"
              value={kind}
              checked={form.kind === kind}
              onChange={() => setForm((current) => chooseKind(current, kind, categories, collections))}
            />
            {KIND_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {form.kind === 'category' && (
        <OptionSelect
          label="Categoria"
          value={form.categoryId}
          options={categories}
          onChange={(categoryId) => setForm((current) => ({ ...current, categoryId }))}
        />
      )}
      {form.kind === 'collection' && (
        <OptionSelect
          label="Coleção"
          value={form.collectionId}
          options={collections}
          onChange={(collectionId) => setForm((current) => ({ ...current, collectionId }))}
        />
      )}
      {form.kind === 'query' && (
        <TextField
          label="Termo de busca"
          type="text"
          maxLength={MAX_SEARCH_LENGTH}
          value={form.searchTerm}
          onValue={(searchTerm) => setForm((current) => ({ ...current, searchTerm }))}
        />
      )}
    </Modal>
  );
}
