/** zod schemas of spec §5 with its exact pt-BR messages; the web forms and the server use the same ones. */
import { z } from 'zod';
import {
  isValidBirthDate,
  isValidCep,
  isValidCnpj,
  isValidCpf,
  isValidEmail,
  VALIDATION_MESSAGES,
} from './validators.ts';

/** Schema for an amount of money in centavos: a safe integer, zero or more. */
export const centsSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A string schema that fails with `message` both for a non-string and when `isValid` rejects it. */
function checkedString(isValid: (value: string) => boolean, message: string) {
  return z.string({ error: message }).refine((value) => isValid(value), { error: message });
}

/** CPF as typed (with or without punctuation); error 'CPF inválido.'. */
export const cpfSchema = checkedString(isValidCpf, VALIDATION_MESSAGES.cpf);

/** CNPJ as typed (numeric or alphanumeric, punctuation optional); error 'CNPJ inválido.'. */
export const cnpjSchema = checkedString(isValidCnpj, VALIDATION_MESSAGES.cnpj);

/** E-mail per spec §5; error 'O e-mail digitado é inválido. Verifique se há espaços ou caracteres incorretos.'. */
export const emailSchema = checkedString(isValidEmail, VALIDATION_MESSAGES.email);

/** Birth date 'dd/mm/yyyy', checked against today's date when parsed; error 'Data de nascimento inválida'. */
export const birthDateSchema = checkedString(
  (value) => isValidBirthDate(value),
  VALIDATION_MESSAGES.birthDate,
);

/** CEP '00000-000' or 8 digits; error 'CEP inválido'. */
export const cepSchema = checkedString(isValidCep, VALIDATION_MESSAGES.cep);

/** Name: required, surrounding spaces trimmed; error 'Nome é obrigatório.'. */
export const nameSchema = z
  .string({ error: VALIDATION_MESSAGES.name })
  .trim()
  .min(1, { error: VALIDATION_MESSAGES.name });
